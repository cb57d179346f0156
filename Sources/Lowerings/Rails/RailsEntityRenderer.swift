/// Migration, model, controller and request spec of one entity, from its `RailsEntitySpec` only.
enum RailsEntityRenderer {
    typealias Spec = RailsEntitySpec

    // MARK: Migration

    static func migration(_ e: Spec) -> [UInt8] {
        var lines = [
            "class Create\(RailsText.camelize(e.pluralKey)) < ActiveRecord::Migration[8.0]",
            "  def change",
            "    create_table :\(e.tableName) do |t|",
        ]
        for f in e.fields {
            lines.append("      " + column(f))
        }
        if !e.fields.isEmpty { lines.append("") }
        lines += ["      t.timestamps", "    end", "  end", "end"]
        return RailsText.file(lines)
    }

    static func column(_ f: Spec.Field) -> String {
        let null = f.required ? ", null: false" : ""
        switch f.type {
        case .reference:
            let target = f.target!
            let fk = f.key == target.key ? "foreign_key: true" : "foreign_key: { to_table: :\(target.pluralKey) }"
            return "t.references :\(f.key)\(null), \(fk)"
        case .boolean:
            return "t.boolean :\(f.key), null: false, default: false"
        case .email, .url:
            return "t.string :\(f.key)\(null)"
        case .string, .text, .integer, .decimal, .date, .datetime:
            return "t.\(f.type.rawValue) :\(f.key)\(null)"
        }
    }

    // MARK: Model

    static func model(_ e: Spec) -> [UInt8] {
        var lines = ["class \(e.className) < ApplicationRecord"]
        var groups: [[String]] = []
        let belongs = e.fields.filter { $0.type == .reference }.map { f -> String in
            let target = f.target!
            var line = "belongs_to :\(f.key)"
            if f.key != target.key { line += ", class_name: \(RailsText.ruby(RailsText.camelize(target.key)))" }
            if !f.required { line += ", optional: true" }
            line += ", inverse_of: :\(inverseName(field: f, of: e))"
            return line
        }
        groups.append(belongs)
        groups.append(e.inbound.map { i in
            var line = "has_many :\(e.associationName(i))"
            if i.fieldKey != e.key {
                line += ", class_name: \(RailsText.ruby(RailsText.camelize(i.entityKey))), foreign_key: :\(i.fieldKey)_id"
            }
            line += ", inverse_of: :\(i.fieldKey)"
            // A required reference cannot outlive its record; an optional one is cleared.
            line += i.required ? ", dependent: :destroy" : ", dependent: :nullify"
            return line
        })
        groups.append(e.fields.compactMap(validation))
        let nonEmpty = groups.filter { !$0.isEmpty }
        for (i, group) in nonEmpty.enumerated() {
            if i > 0 { lines.append("") }
            lines += group.map { "  " + $0 }
        }
        if !nonEmpty.isEmpty { lines.append("") }
        lines += ["  def to_s"]
        let fallback = interpolated(e.name + " ", "id")
        if let label = e.labelField {
            lines.append("    \(label.key).presence || \(fallback)")
        } else {
            lines.append("    \(fallback)")
        }
        lines += ["  end", "end"]
        return RailsText.file(lines)
    }

    /// The `has_many` name the referenced entity gives this reference (mirrors `associationName`).
    static func inverseName(field: Spec.Field, of e: Spec) -> String {
        field.key == field.target!.key ? e.pluralKey : "\(e.pluralKey)_as_\(field.key)"
    }

    static func validation(_ f: Spec.Field) -> String? {
        let blank = f.required ? "" : ", allow_blank: true"
        let nilOK = f.required ? "" : ", allow_nil: true"
        switch f.type {
        case .reference: return nil // belongs_to validates presence unless optional
        case .boolean: return f.required ? "validates :\(f.key), inclusion: { in: [true, false] }" : nil
        case .email:
            return "validates :\(f.key)\(f.required ? ", presence: true" : ""), format: { with: URI::MailTo::EMAIL_REGEXP\(blank.isEmpty ? "" : ", allow_blank: true") }"
        case .url:
            return "validates :\(f.key)\(f.required ? ", presence: true" : ""), format: { with: %r{\\Ahttps?://\\S+\\z}i\(blank.isEmpty ? "" : ", allow_blank: true") }"
        case .integer:
            return "validates :\(f.key)\(f.required ? ", presence: true" : ""), numericality: { only_integer: true\(nilOK.isEmpty ? "" : ", allow_nil: true") }"
        case .decimal:
            return "validates :\(f.key)\(f.required ? ", presence: true" : ""), numericality: \(nilOK.isEmpty ? "true" : "{ allow_nil: true }")"
        case .string, .text, .date, .datetime:
            return f.required ? "validates :\(f.key), presence: true" : nil
        }
    }

    /// `"Movie #{id}"` with the display name escaped.
    static func interpolated(_ prefix: String, _ expression: String) -> String {
        String(RailsText.ruby(prefix).dropLast()) + "#{\(expression)}\""
    }

    // MARK: Controller

    static func controller(_ e: Spec) -> [UInt8] {
        let one = e.key, many = e.pluralKey, cls = e.className
        var lines = ["class \(e.controllerName) < ApplicationController"]
        if e.isProtected { lines += ["  include AccountRequired", ""] }
        let member = e.forms ? "%i[show edit update destroy]" : "%i[show]"
        lines.append("  before_action :set_\(one), only: \(member)")
        if let p = e.parent, e.forms { lines.append("  before_action :set_\(p.key), only: %i[new create]") }
        lines.append("")
        let includes = e.fields.filter { $0.type == .reference }.map { ":\($0.key)" }
        let scope = includes.isEmpty ? cls : "\(cls).includes(\(includes.joined(separator: ", ")))"
        lines += ["  def index", "    @\(many) = \(scope).order(:id)", "  end", "", "  def show", "  end"]
        if e.forms {
            let build: String
            if let p = e.parent, let field = p.fieldKey {
                build = "@\(p.key).\(parentAssociation(e, field: field))"
                lines += ["", "  def new", "    @\(one) = \(build).build", "  end"]
            } else {
                build = cls
                lines += ["", "  def new", "    @\(one) = \(cls).new", "  end"]
            }
            let create = build == cls ? "\(cls).new(\(one)_params)" : "\(build).build(\(one)_params)"
            let name = RailsText.ruby(e.name + " was created.")
            lines += ["", "  def edit", "  end", "",
                      "  def create", "    @\(one) = \(create)", "",
                      "    if @\(one).save",
                      "      redirect_to @\(one), notice: \(name)",
                      "    else",
                      "      render :new, status: :unprocessable_content",
                      "    end", "  end", "",
                      "  def update",
                      "    if @\(one).update(\(one)_params)",
                      "      redirect_to @\(one), notice: \(RailsText.ruby(e.name + " was updated.")), status: :see_other",
                      "    else",
                      "      render :edit, status: :unprocessable_content",
                      "    end", "  end", "",
                      "  def destroy",
                      "    @\(one).destroy!",
                      "    redirect_to \(many)_path, notice: \(RailsText.ruby(e.name + " was deleted.")), status: :see_other",
                      "  end"]
        }
        lines += ["", "  private", "", "  def set_\(one)", "    @\(one) = \(cls).find(params.expect(:id))", "  end"]
        if let p = e.parent, e.forms {
            lines += ["", "  def set_\(p.key)",
                      "    @\(p.key) = \(RailsText.camelize(p.key)).find(params.expect(:\(p.key)_id))", "  end"]
        }
        if e.forms {
            let permitted = e.formFields.map { ":" + ($0.type == .reference ? "\($0.key)_id" : $0.key) }
            lines += ["", "  def \(one)_params"]
            if permitted.isEmpty {
                lines.append("    params.fetch(:\(one), {}).permit")
            } else {
                lines.append("    params.expect(\(one): [\(permitted.joined(separator: ", "))])")
            }
            lines.append("  end")
        }
        lines.append("end")
        return RailsText.file(lines)
    }

    /// The parent's `has_many` toward this entity through `field`.
    static func parentAssociation(_ e: Spec, field: String) -> String {
        field == e.parent?.key ? e.pluralKey : "\(e.pluralKey)_as_\(field)"
    }

    // MARK: Request spec

    static func requestSpec(_ e: Spec) -> [UInt8] {
        let many = e.pluralKey
        var lines = ["require \"rails_helper\"", "", "RSpec.describe \(RailsText.ruby(e.plural)), type: :request do"]
        lines += ["  describe \"GET /\(many)\" do"]
        if e.isProtected {
            lines += ["    it \"sends a guest to sign-in\" do",
                      "      get \(many)_path", "",
                      "      expect(response).to redirect_to(\"/login\")",
                      "    end"]
        } else {
            lines += ["    it \"answers with the list\" do",
                      "      get \(many)_path", "",
                      "      expect(response).to have_http_status(:ok)",
                      "      expect(response.body).to include(\(RailsText.ruby("<title>" + RailsText.html(e.plural) + "</title>")))",
                      "    end"]
        }
        lines.append("  end")
        if e.forms, e.parent == nil, !e.isProtected {
            lines += ["", "  describe \"GET /\(many)/new\" do",
                      "    it \"answers with the form\" do",
                      "      get new_\(e.key)_path", "",
                      "      expect(response).to have_http_status(:ok)",
                      "    end", "  end"]
            if !e.fields.contains(where: { $0.type == .reference }) {
                let attributes = e.fields.map { "\($0.key): \(sample($0.type))" }.joined(separator: ", ")
                lines += ["", "  describe \"POST /\(many)\" do",
                          "    it \"creates a record and shows it\" do",
                          "      expect {",
                          "        post \(many)_path, params: { \(e.key): { \(attributes) } }",
                          "      }.to change(\(e.className), :count).by(1)", "",
                          "      expect(response).to redirect_to(\(e.className).last)",
                          "    end", "  end"]
            }
        }
        lines.append("end")
        return RailsText.file(lines)
    }

    static func sample(_ type: FieldType) -> String {
        switch type {
        case .string: return "\"Example\""
        case .text: return "\"Some longer example text.\""
        case .integer: return "3"
        case .decimal: return "\"4.5\""
        case .boolean: return "true"
        case .date: return "\"2026-01-02\""
        case .datetime: return "\"2026-01-02T10:30\""
        case .email: return "\"person@example.com\""
        case .url: return "\"https://example.com/\""
        case .reference: return "nil"
        }
    }
}
