class CreateReviews < ActiveRecord::Migration[8.0]
  def change
    create_table :reviews do |t|
      t.references :movie, null: false, foreign_key: true
      t.integer :rating, null: false
      t.text :body

      t.timestamps
    end
  end
end
