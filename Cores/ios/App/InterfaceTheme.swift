/// The appearance the lowering selected for the native shell.
/// `automatic` follows the system setting; `light` and `dark` fix it.
enum InterfaceTheme: String, Equatable {
    case automatic
    case light
    case dark
}
