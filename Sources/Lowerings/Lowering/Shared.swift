/// One immutable value behind a reference, for closures that would each copy it whole into their
/// context (a render function per file of an entity, all reading the same spec).
final class Shared<Value: Sendable>: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
