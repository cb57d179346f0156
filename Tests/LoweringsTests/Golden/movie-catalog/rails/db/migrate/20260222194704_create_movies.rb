class CreateMovies < ActiveRecord::Migration[8.0]
  def change
    create_table :movies do |t|
      t.string :title, null: false
      t.date :released_on
      t.text :synopsis
      t.references :director, foreign_key: { to_table: :people }

      t.timestamps
    end
  end
end
