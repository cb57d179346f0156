class CreateWatchlistItems < ActiveRecord::Migration[8.0]
  def change
    create_table :watchlist_items do |t|
      t.references :movie, null: false, foreign_key: true
      t.string :note

      t.timestamps
    end
  end
end
