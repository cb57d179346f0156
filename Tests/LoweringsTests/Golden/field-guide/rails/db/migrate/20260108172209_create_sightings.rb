class CreateSightings < ActiveRecord::Migration[8.0]
  def change
    create_table :sightings do |t|
      t.string :species, null: false
      t.date :seen_on
      t.text :notes

      t.timestamps
    end
  end
end
