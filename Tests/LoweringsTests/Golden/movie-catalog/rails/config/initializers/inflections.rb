# Each entity's singular and plural key as the Plan names them.
ActiveSupport::Inflector.inflections(:en) do |inflect|
  inflect.irregular "movie", "movies"
  inflect.irregular "person", "people"
  inflect.irregular "review", "reviews"
  inflect.irregular "watchlist_item", "watchlist_items"
  inflect.irregular "genre", "genres"
end
