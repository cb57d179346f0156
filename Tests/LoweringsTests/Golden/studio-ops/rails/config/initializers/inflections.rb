# Each entity's singular and plural key as the Plan names them.
ActiveSupport::Inflector.inflections(:en) do |inflect|
  inflect.irregular "project", "projects"
  inflect.irregular "task", "tasks"
  inflect.irregular "client", "clients"
  inflect.irregular "invoice", "invoices"
  inflect.irregular "meeting", "meetings"
  inflect.irregular "report", "reports"
end
