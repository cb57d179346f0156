class CreateMeetings < ActiveRecord::Migration[8.0]
  def change
    create_table :meetings do |t|
      t.string :name, null: false
      t.date :due_on

      t.timestamps
    end
  end
end
