import Lowerings

/// `orchestrate schema [--out FILE]`
public enum SchemaCommand: Command {
    public static let name = "schema"
    public static let abstract = "print the JSON Schema of Plan format 1 (for editors)"

    static let out = Option<String>("out", "FILE", "write it to FILE instead of standard output")

    public static let options = [out.declaration]
    public static let positionals = 0...0
    public static let usage: [Usage] = [.all("")]
    public static let discussion = """
    The JSON Schema (draft 2020-12) of Plan format 1, written from the declarations the loader
    checks every object's keys against: keys, types, closed sets, patterns, required keys, no
    other keys. The repository publishes it as schema/plan-v1.schema.json; a Plan names it with
    "$schema" (which the Plan digest leaves out) so an editor checks the Plan as it is typed.
    The rules that relate one value to another (references, duplicates, reserved names, push
    needing a client and an account) stay the loader's: `orchestrate compile` reports them.
    """

    public static func run(_ args: Arguments, _ ctx: Context) throws -> Int32 {
        let bytes = PlanSchema.document()
        if let path = try args.value(out) {
            try UserFile.write(bytes, to: ctx.path(path), display: path, what: "schema")
        } else {
            ctx.out(String(decoding: bytes, as: UTF8.self))
        }
        return ExitCode.success
    }
}
