class WatchlistItem < ApplicationRecord
  belongs_to :movie, inverse_of: :watchlist_items

  def to_s
    note.presence || "Watchlist item #{id}"
  end
end
