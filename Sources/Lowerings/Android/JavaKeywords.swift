/// Words no segment of an Android application ID may be: Java's reserved keywords and literals
/// (JLS §3.9, §3.10.3, §3.10.7, and `_`) and Kotlin's hard keywords (kotlinlang.org, "Keywords and
/// operators"). Soft and modifier keywords are legal identifiers and are not listed.
public enum JavaKeywords {
    public static let java: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
        "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally", "float",
        "for", "goto", "if", "implements", "import", "instanceof", "int", "interface", "long", "native",
        "new", "package", "private", "protected", "public", "return", "short", "static", "strictfp",
        "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void",
        "volatile", "while", "_", "true", "false", "null",
    ]

    public static let kotlinHard: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface",
        "is", "null", "object", "package", "return", "super", "this", "throw", "true", "try", "typealias",
        "typeof", "val", "var", "when", "while",
    ]

    public static let reserved: Set<String> = java.union(kotlinHard)
}
