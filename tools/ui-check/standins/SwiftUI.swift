// Stand-in for Apple's SwiftUI, for type-checking FreehandUI and Examples/ on Linux
// (tools/ui_check.sh). It mirrors the declarations they use as the iOS SDK's Swift interface and
// Apple's pages show them in the oldest SDK the package supports (iOS 16.5): "View" and
// "UIViewRepresentable" are not main-actor protocols there, only their requirements are
// (`MainActor(unsafe)`), so a view's stored defaults and helpers are nonisolated; a
// representable's `Body` is `Never`, "Binding" and "State" are
// property wrappers with nonmutating setters, "StateObject" needs an ObservableObject and reads
// on the main actor, "ViewBuilder" builds blocks of views. Bodies are placeholders: nothing here
// runs. It cannot prove the real SDK agrees; it catches isolation, optionality and signature errors.
@_exported import Combine
import UIKit

public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension View where Body == Never {
    public var body: Never { fatalError() }
}

public struct EmptyView: View {
    public typealias Body = Never
    nonisolated public init() {}
}

public struct TupleView<T>: View {
    public typealias Body = Never
    nonisolated public init(_ value: T) {}
}

public struct ModifiedView<Content: View>: View {
    public typealias Body = Never
    nonisolated public init(content: Content) {}
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
}

public struct HorizontalAlignment: Equatable, Sendable {
    public static let leading = HorizontalAlignment(), center = HorizontalAlignment(), trailing = HorizontalAlignment()
}

public struct VerticalAlignment: Equatable, Sendable {
    public static let top = VerticalAlignment(), center = VerticalAlignment(), bottom = VerticalAlignment()
}

public struct Alignment: Equatable, Sendable {
    public static let center = Alignment()
}

public struct VStack<Content: View>: View {
    public typealias Body = Never
    nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

public struct HStack<Content: View>: View {
    public typealias Body = Never
    nonisolated public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

public struct Spacer: View {
    public typealias Body = Never
    nonisolated public init(minLength: CGFloat? = nil) {}
}

public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
    public init(_ value: String) {}
    public init(stringLiteral value: String) {}
}

public struct Text: View {
    public typealias Body = Never
    nonisolated public init(_ key: LocalizedStringKey) {}
    @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ content: S) {}
}

public struct Button<Label: View>: View {
    public typealias Body = Never
    nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}

extension Button where Label == Text {
    nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
}

extension View {
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { ModifiedView(content: self) }
    nonisolated public func disabled(_ disabled: Bool) -> some View { ModifiedView(content: self) }
    nonisolated public func padding(_ length: CGFloat? = nil) -> some View { ModifiedView(content: self) }
}

@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    public init(projectedValue: Binding<Value>) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

public protocol DynamicProperty {}

@propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public init(initialValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() {}
}

@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    @dynamicMemberLookup
    public struct Wrapper {
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> { fatalError() }
    }
    public init(wrappedValue: ObjectType) {}
    public var wrappedValue: ObjectType { fatalError() }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError() }
}

@MainActor @preconcurrency @propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}
    public var wrappedValue: ObjectType { fatalError() }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError() }
}

public protocol UIViewRepresentable: View where Self.Body == Never {
    associatedtype UIViewType: UIView
    associatedtype Coordinator = Void
    typealias Context = UIViewRepresentableContext<Self>
    @MainActor @preconcurrency func makeUIView(context: Self.Context) -> Self.UIViewType
    @MainActor @preconcurrency func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
    @MainActor @preconcurrency static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator)
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
}

extension UIViewRepresentable {
    public static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator) {}
}

extension UIViewRepresentable where Self.Coordinator == Void {
    public func makeCoordinator() {}
}

@MainActor @preconcurrency
public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {
    public var coordinator: Representable.Coordinator { fatalError() }
}

// SwiftUI's own types whose names a library could clash with (tools/public_type_names.sh names
// every public type of the products beside them): a shape's path, the immediate-mode drawing view
// and the blend modes.
public struct Path: Sendable {
    nonisolated public init() {}
}

public struct Canvas<Symbols: View>: View {
    public typealias Body = Never
}

public enum BlendMode: Sendable {
    case normal, multiply
}

// An app's entry point (iOS 14+): "App" and "Scene" with main-actor requirements, as the 16.5 SDK
// declares them, "WindowGroup", and the representable that hosts a view controller.
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

extension Scene where Body == Never {
    public var body: Never { fatalError() }
}

@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    @MainActor @preconcurrency public static func main() {}
}

public struct WindowGroup<Content: View>: Scene {
    public typealias Body = Never
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}

extension View {
    nonisolated public func ignoresSafeArea() -> some View { ModifiedView(content: self) }
}

public protocol UIViewControllerRepresentable: View where Self.Body == Never {
    associatedtype UIViewControllerType: UIViewController
    associatedtype Coordinator = Void
    typealias Context = UIViewControllerRepresentableContext<Self>
    @MainActor @preconcurrency func makeUIViewController(context: Self.Context) -> Self.UIViewControllerType
    @MainActor @preconcurrency func updateUIViewController(_ uiViewController: Self.UIViewControllerType, context: Self.Context)
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
}

extension UIViewControllerRepresentable where Self.Coordinator == Void {
    public func makeCoordinator() {}
}

@MainActor @preconcurrency
public struct UIViewControllerRepresentableContext<Representable: UIViewControllerRepresentable> {
    public var coordinator: Representable.Coordinator { fatalError() }
}
