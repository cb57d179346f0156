# Each entity's singular and plural key as the Plan names them.
ActiveSupport::Inflector.inflections(:en) do |inflect|
  inflect.irregular "sighting", "sightings"
  inflect.irregular "trail", "trails"
end
