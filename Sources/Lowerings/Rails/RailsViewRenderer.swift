/// The scaffold views of one entity: index, show, new, edit and the `_form` partial. Every page sets
/// its title with `content_for :title` (the native toolbar shows it); headings stay for screen
/// readers in native requests (`native-visually-hidden`), and browser-only links carry
/// `native-hidden` because native clients navigate with their own tabs and back buttons.
enum RailsViewRenderer {
    typealias Spec = RailsEntitySpec

    /// The views an entity has, in file order.
    static func views(_ e: Spec) -> [String] {
        e.forms ? ["index", "show", "new", "edit", "_form"] : ["index", "show"]
    }

    /// `bridge`: the built-in bridge components on (only `_form` reads them: its submit button
    /// opts in to `submit`).
    static func render(_ view: String, _ e: Spec, bridge: [BuiltInBridgeComponent] = []) -> [UInt8] {
        switch view {
        case "index": return index(e)
        case "show": return show(e)
        case "new": return new(e)
        case "edit": return edit(e)
        default: return form(e, bridge: bridge)
        }
    }

    /// Whether `view` reads the bridge projection.
    static func readsBridge(_ view: String) -> Bool { view == "_form" }

    static func heading(_ titleExpression: String, visible text: String) -> [String] {
        ["<% content_for :title, \(titleExpression) %>", "", "<h1 class=\"native-visually-hidden\">\(text)</h1>", ""]
    }

    /// ERB for a field's value, for `record` (a local or an instance variable).
    static func value(_ f: Spec.Field, of record: String) -> String {
        switch f.type {
        case .reference:
            return "<%= link_to \(record).\(f.key), \(record).\(f.key) if \(record).\(f.key) %>"
        case .boolean:
            return "<%= \(record).\(f.key)? ? \"Yes\" : \"No\" %>"
        case .text:
            return "<%= simple_format \(record).\(f.key) %>"
        case .url:
            return "<%= link_to \(record).\(f.key), \(record).\(f.key) if \(record).\(f.key).present? %>"
        case .email:
            return "<%= mail_to \(record).\(f.key) if \(record).\(f.key).present? %>"
        case .date, .datetime:
            return "<%= l(\(record).\(f.key), format: :long) if \(record).\(f.key) %>"
        case .string, .integer, .decimal:
            return "<%= \(record).\(f.key) %>"
        }
    }

    static func label(_ f: Spec.Field) -> String { RailsText.html(RailsText.humanize(f.key)) }

    // MARK: Pages

    static func index(_ e: Spec) -> [UInt8] {
        let one = e.key, many = e.pluralKey
        var lines = heading(RailsText.ruby(e.plural), visible: RailsText.html(e.plural))
        let columns = e.fields.filter { $0.key != e.labelField?.key && $0.type != .text }
        lines += [
            "<% if @\(many).any? %>",
            "  <table>",
            "    <thead>",
            "      <tr>",
            "        <th scope=\"col\">\(RailsText.html(e.name))</th>",
        ]
        lines += columns.map { "        <th scope=\"col\">\(label($0))</th>" }
        lines += [
            "      </tr>",
            "    </thead>",
            "    <tbody>",
            "      <% @\(many).each do |\(one)| %>",
            "        <tr>",
            "          <td><%= link_to \(one), \(one) %></td>",
        ]
        lines += columns.map { "          <td>\(value($0, of: one))</td>" }
        lines += [
            "        </tr>",
            "      <% end %>",
            "    </tbody>",
            "  </table>",
            "<% else %>",
            "  <p>No \(RailsText.html(e.plural.lowercased())) yet.</p>",
            "<% end %>",
        ]
        if e.forms, e.parent == nil {
            lines += ["", "<p><%= link_to \(RailsText.ruby("New " + e.name.lowercased())), new_\(one)_path %></p>"]
        }
        return RailsText.file(lines)
    }

    static func show(_ e: Spec) -> [UInt8] {
        let one = e.key, record = "@" + e.key
        var lines = heading("\(record).to_s", visible: "<%= \(record) %>")
        lines.append("<dl>")
        for f in e.fields {
            lines += ["  <dt>\(label(f))</dt>", "  <dd>\(value(f, of: record))</dd>"]
        }
        lines += ["</dl>"]
        var actions: [String] = []
        if e.forms { actions.append("  <%= link_to \"Edit\", edit_\(one)_path(\(record)) %>") }
        for child in e.children {
            let link = "<%= link_to \(RailsText.ruby("New " + child.name.lowercased())), new_\(one)_\(child.key)_path(\(record)) %>"
            actions.append(child.requiresAccount ? "  <% if rodauth.logged_in? %>\(link)<% end %>" : "  " + link)
        }
        if !actions.isEmpty { lines += ["", "<p>"] + actions + ["</p>"] }
        if e.forms {
            let confirm = RailsText.ruby("Delete this " + e.name.lowercased() + "?")
            lines += ["", "<%= button_to \(RailsText.ruby("Delete " + e.name.lowercased())), \(record), method: :delete, data: { turbo_confirm: \(confirm) } %>"]
        }
        lines += ["", "<p class=\"native-hidden\"><%= link_to \(RailsText.ruby("All " + e.plural.lowercased())), \(e.pluralKey)_path %></p>"]
        return RailsText.file(lines)
    }

    static func new(_ e: Spec) -> [UInt8] {
        let title = "New " + e.name.lowercased()
        var lines = heading(RailsText.ruby(title), visible: RailsText.html(title))
        if let p = e.parent {
            lines += ["<%= render \"form\", \(e.key): @\(e.key), url: \(p.key)_\(e.pluralKey)_path(@\(p.key)), cancel: @\(p.key) %>", "",
                      "<p class=\"native-hidden\"><%= link_to \"Back\", @\(p.key) %></p>"]
        } else {
            lines += ["<%= render \"form\", \(e.key): @\(e.key), cancel: \(e.pluralKey)_path %>", "",
                      "<p class=\"native-hidden\"><%= link_to \(RailsText.ruby("All " + e.plural.lowercased())), \(e.pluralKey)_path %></p>"]
        }
        return RailsText.file(lines)
    }

    static func edit(_ e: Spec) -> [UInt8] {
        let title = "Edit " + e.name.lowercased()
        var lines = heading(RailsText.ruby(title), visible: RailsText.html(title))
        if e.parent != nil {
            lines.append("<%= render \"form\", \(e.key): @\(e.key), url: \(e.key)_path(@\(e.key)), cancel: @\(e.key) %>")
        } else {
            lines.append("<%= render \"form\", \(e.key): @\(e.key), cancel: @\(e.key) %>")
        }
        lines += ["", "<p class=\"native-hidden\"><%= link_to \"Back\", @\(e.key) %></p>"]
        return RailsText.file(lines)
    }

    static func form(_ e: Spec, bridge: [BuiltInBridgeComponent] = []) -> [UInt8] {
        let one = e.key
        let open = e.parent != nil ? "<%= form_with model: \(one), url: url do |form| %>" : "<%= form_with model: \(one) do |form| %>"
        var lines = [
            open,
            "  <% if \(one).errors.any? %>",
            "    <div class=\"form-errors\" role=\"alert\">",
            "      <h2><%= pluralize(\(one).errors.count, \"problem\") %> kept this \(RailsText.html(e.name.lowercased())) from being saved:</h2>",
            "      <ul>",
            "        <% \(one).errors.each do |error| %>",
            "          <li><%= error.full_message %></li>",
            "        <% end %>",
            "      </ul>",
            "    </div>",
            "  <% end %>",
        ]
        for f in e.formFields {
            lines += [""] + input(f).map { "  " + $0 }
        }
        // The Cancel link stays beside the submit in native requests too (000): it goes to the
        // collection, the parent or the record, which may differ from dismissing the native modal.
        // With the built-in `submit` bridge component, a native client shows the button in its bar.
        let button = RailsBridgeRenderer.optIn(bridge, .submit).map { "form.button " + $0 } ?? "form.button"
        lines += ["", "  <div class=\"actions\">", "    <%= \(button) %>", "    <%= link_to \"Cancel\", cancel, class: \"form-cancel\" %>", "  </div>", "<% end %>"]
        return RailsText.file(lines)
    }

    static func input(_ f: Spec.Field) -> [String] {
        let required = f.required ? ", required: true" : ""
        let control: String
        var labelFor = ":\(f.key)"
        switch f.type {
        case .string: control = "form.text_field :\(f.key)\(required)"
        case .text: control = "form.textarea :\(f.key), rows: 4\(required)"
        case .integer: control = "form.number_field :\(f.key), step: 1\(required)"
        case .decimal: control = "form.number_field :\(f.key), step: \"any\"\(required)"
        case .boolean: control = "form.checkbox :\(f.key)"
        case .date: control = "form.date_field :\(f.key)\(required)"
        case .datetime: control = "form.datetime_field :\(f.key)\(required)"
        case .email: control = "form.email_field :\(f.key), autocomplete: \"email\"\(required)"
        case .url: control = "form.url_field :\(f.key)\(required)"
        case .reference:
            let target = RailsText.camelize(f.target!.key)
            labelFor = ":\(f.key)_id, \(RailsText.ruby(RailsText.humanize(f.key)))"
            let blank = f.required ? "{ prompt: true }, { required: true }" : "{ include_blank: true }"
            control = "form.collection_select :\(f.key)_id, \(target).order(:id), :id, :to_s, \(blank)"
        }
        return ["<div class=\"field\">", "  <%= form.label \(labelFor) %>", "  <%= \(control) %>", "</div>"]
    }
}
