import Foundation
import KeyGramPipeline

/// Compact JSON for `Encodable` values, with every object's keys in the order the value
/// encodes them.
///
/// The `--json` outputs document their key order (`inspect --json` lists `language`,
/// `alphabet`, `unigram`, … and each row's letters in alphabet order, then `$`). Foundation's
/// `JSONEncoder` on Linux writes keys in hash order, which differs from run to run, unless
/// `.sortedKeys` sorts them, which changes the documented order. This encoder writes scalars
/// as `JSONEncoder` does with `.withoutEscapingSlashes` (the tests check that), and objects in
/// encoding order.
struct OrderedJSONEncoder {
  func encode<Value: Encodable>(_ value: Value) throws -> String {
    let root = JSONNode()
    try value.encode(to: NodeEncoder(node: root, codingPath: []))
    var out = ""
    root.write(to: &out)
    return out
  }
}

/// A JSON object whose keys are data (letters, contexts), kept in the order given.
struct OrderedObject<Value: Encodable>: Encodable {
  var entries: [(key: String, value: Value)]

  init(_ entries: [(key: String, value: Value)]) { self.entries = entries }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: DynamicKey.self)
    for (key, value) in entries { try container.encode(value, forKey: DynamicKey(key)) }
  }
}

/// A coding key made at run time.
struct DynamicKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(_ stringValue: String) { self.stringValue = stringValue }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

// MARK: - The encoder's tree

/// One JSON value while encoding: a scalar already written as JSON text, an array or an object.
private final class JSONNode {
  enum Kind { case unset, scalar(String), array, object }
  var kind = Kind.unset
  var keys: [String] = []
  var children: [JSONNode] = []

  func append(key: String? = nil) -> JSONNode {
    let child = JSONNode()
    if let key { keys.append(key) }
    children.append(child)
    return child
  }

  func write(to out: inout String) {
    switch kind {
    case .unset: out += "{}"  // an Encodable that encoded nothing, as JSONEncoder writes it
    case .scalar(let text): out += text
    case .array:
      out += "["
      for (index, child) in children.enumerated() {
        if index > 0 { out += "," }
        child.write(to: &out)
      }
      out += "]"
    case .object:
      out += "{"
      for (index, child) in children.enumerated() {
        if index > 0 { out += "," }
        out += JSONText.string(keys[index])
        out += ":"
        child.write(to: &out)
      }
      out += "}"
    }
  }
}

/// JSON scalars as text, as `JSONEncoder` writes them (with `.withoutEscapingSlashes`).
enum JSONText {
  /// A JSON string literal: quotes, backslashes and control characters escaped, nothing else.
  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let control where control.value < 0x20:
        out += "\\u00" + Hex.string([UInt8(control.value)])
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// A JSON number: the shortest text that reads back as the same value, without a trailing ".0".
  static func number<Value: BinaryFloatingPoint & LosslessStringConvertible>(_ value: Value) -> String {
    let text = value.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}

private struct NodeEncoder: Encoder {
  let node: JSONNode
  let codingPath: [CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .unset = node.kind { node.kind = .object }
    return KeyedEncodingContainer(KeyedContainer(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> UnkeyedEncodingContainer {
    if case .unset = node.kind { node.kind = .array }
    return UnkeyedContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> SingleValueEncodingContainer {
    SingleValueContainer(node: node, codingPath: codingPath)
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: JSONNode
  let codingPath: [CodingKey]

  mutating func encodeNil(forKey key: Key) throws { node.append(key: key.stringValue).kind = .scalar("null") }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try value.encode(to: NodeEncoder(node: node.append(key: key.stringValue), codingPath: codingPath + [key]))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
    NodeEncoder(node: node.append(key: key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
    NodeEncoder(node: node.append(key: key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
  }

  mutating func superEncoder() -> Encoder {
    NodeEncoder(node: node.append(key: "super"), codingPath: codingPath + [DynamicKey("super")])
  }

  mutating func superEncoder(forKey key: Key) -> Encoder {
    NodeEncoder(node: node.append(key: key.stringValue), codingPath: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let node: JSONNode
  let codingPath: [CodingKey]
  var count: Int { node.children.count }

  private var nextPath: [CodingKey] { codingPath + [DynamicKey("Index \(count)")] }

  mutating func encodeNil() throws { node.append().kind = .scalar("null") }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let path = nextPath
    try value.encode(to: NodeEncoder(node: node.append(), codingPath: path))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    let path = nextPath
    return NodeEncoder(node: node.append(), codingPath: path).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
    let path = nextPath
    return NodeEncoder(node: node.append(), codingPath: path).unkeyedContainer()
  }

  mutating func superEncoder() -> Encoder {
    let path = nextPath
    return NodeEncoder(node: node.append(), codingPath: path)
  }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
  let node: JSONNode
  let codingPath: [CodingKey]

  private func set(_ text: String) { node.kind = .scalar(text) }

  mutating func encodeNil() throws { set("null") }
  mutating func encode(_ value: Bool) throws { set(value ? "true" : "false") }
  mutating func encode(_ value: String) throws { set(JSONText.string(value)) }
  mutating func encode(_ value: Double) throws { set(try number(value)) }
  mutating func encode(_ value: Float) throws { set(try number(value)) }

  /// Refuses NaN and infinities, which JSON cannot hold.
  private func number<Value: BinaryFloatingPoint & LosslessStringConvertible>(_ value: Value) throws -> String {
    guard value.isFinite else {
      throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "\(value) is not a JSON number."))
    }
    return JSONText.number(value)
  }
  mutating func encode(_ value: Int) throws { set(String(value)) }
  mutating func encode(_ value: Int8) throws { set(String(value)) }
  mutating func encode(_ value: Int16) throws { set(String(value)) }
  mutating func encode(_ value: Int32) throws { set(String(value)) }
  mutating func encode(_ value: Int64) throws { set(String(value)) }
  mutating func encode(_ value: UInt) throws { set(String(value)) }
  mutating func encode(_ value: UInt8) throws { set(String(value)) }
  mutating func encode(_ value: UInt16) throws { set(String(value)) }
  mutating func encode(_ value: UInt32) throws { set(String(value)) }
  mutating func encode(_ value: UInt64) throws { set(String(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
  }
}
