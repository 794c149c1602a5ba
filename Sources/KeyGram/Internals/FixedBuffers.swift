// The only raw-pointer storage outside TableBytes.swift: fixed-capacity buffers that the
// resolvers, the word decoder, the word history and the touch model allocate once, at init, and
// then read and rewrite in place on every keystroke. Tests/Layers/check-stage-order.py keeps raw
// pointers in Internals/ and the few files it lists.
//
// One concrete class per element type rather than one generic class: unspecialised generic
// code (debug builds) pays a metadata lookup on every access. Indices are checked by
// `assert` (debug) and trusted in release, where every index the resolvers use comes from a
// layout validated at init.

/// A heap buffer of `count` `Float`s, allocated once and never resized.
final class FloatBuffer {
  private let base: UnsafeMutablePointer<Float>
  let count: Int

  init(repeating value: Float, count: Int) {
    self.count = Swift.max(count, 0)
    // One spare slot so a zero-length buffer still owns a valid allocation.
    base = UnsafeMutablePointer<Float>.allocate(capacity: self.count + 1)
    base.initialize(repeating: value, count: self.count + 1)
  }

  /// A buffer holding `values` in order.
  convenience init(_ values: [Float]) {
    self.init(repeating: 0, count: values.count)
    for (index, value) in values.enumerated() { base[index] = value }
  }

  deinit { base.deallocate() }

  subscript(index: Int) -> Float {
    @inline(__always) get {
      assert(index >= 0 && index < count, "fixed buffer index out of range")
      return base[index]
    }
    @inline(__always) set {
      assert(index >= 0 && index < count, "fixed buffer index out of range")
      base[index] = newValue
    }
  }

  /// Sets every element to `value`.
  func fill(with value: Float) { base.update(repeating: value, count: count) }
}

/// A heap buffer of `count` `Int`s, allocated once and never resized.
final class IntBuffer {
  private let base: UnsafeMutablePointer<Int>
  let count: Int

  init(repeating value: Int, count: Int) {
    self.count = Swift.max(count, 0)
    base = UnsafeMutablePointer<Int>.allocate(capacity: self.count + 1)
    base.initialize(repeating: value, count: self.count + 1)
  }

  /// A buffer holding `values` in order.
  convenience init(_ values: [Int]) {
    self.init(repeating: 0, count: values.count)
    for (index, value) in values.enumerated() { base[index] = value }
  }

  deinit { base.deallocate() }

  subscript(index: Int) -> Int {
    @inline(__always) get {
      assert(index >= 0 && index < count, "fixed buffer index out of range")
      return base[index]
    }
    @inline(__always) set {
      assert(index >= 0 && index < count, "fixed buffer index out of range")
      base[index] = newValue
    }
  }
}

/// A heap buffer of `count` `Bool`s, allocated once and never resized.
final class BoolBuffer {
  private let base: UnsafeMutablePointer<Bool>
  let count: Int

  init(repeating value: Bool, count: Int) {
    self.count = Swift.max(count, 0)
    base = UnsafeMutablePointer<Bool>.allocate(capacity: self.count + 1)
    base.initialize(repeating: value, count: self.count + 1)
  }

  /// A buffer holding `values` in order.
  convenience init(_ values: [Bool]) {
    self.init(repeating: false, count: values.count)
    for (index, value) in values.enumerated() { base[index] = value }
  }

  deinit { base.deallocate() }

  subscript(index: Int) -> Bool {
    @inline(__always) get {
      assert(index >= 0 && index < count, "fixed buffer index out of range")
      return base[index]
    }
    @inline(__always) set {
      assert(index >= 0 && index < count, "fixed buffer index out of range")
      base[index] = newValue
    }
  }
}

/// A heap buffer of `count` `UInt16`s, allocated once and never resized: the word history's
/// node links and letters, at a quarter of the memory of `IntBuffer`.
final class UInt16Buffer {
  private let base: UnsafeMutablePointer<UInt16>
  let count: Int

  init(repeating value: UInt16, count: Int) {
    self.count = Swift.max(count, 0)
    base = UnsafeMutablePointer<UInt16>.allocate(capacity: self.count + 1)
    base.initialize(repeating: value, count: self.count + 1)
  }

  deinit { base.deallocate() }

  subscript(index: Int) -> UInt16 {
    @inline(__always) get {
      assert(index >= 0 && index < count, "fixed buffer index out of range")
      return base[index]
    }
    @inline(__always) set {
      assert(index >= 0 && index < count, "fixed buffer index out of range")
      base[index] = newValue
    }
  }
}

/// A heap buffer of `count` `UInt32`s, allocated once and never resized: the word history's
/// pair keys (two node indices, packed).
final class UInt32Buffer {
  private let base: UnsafeMutablePointer<UInt32>
  let count: Int

  init(repeating value: UInt32, count: Int) {
    self.count = Swift.max(count, 0)
    base = UnsafeMutablePointer<UInt32>.allocate(capacity: self.count + 1)
    base.initialize(repeating: value, count: self.count + 1)
  }

  deinit { base.deallocate() }

  subscript(index: Int) -> UInt32 {
    @inline(__always) get {
      assert(index >= 0 && index < count, "fixed buffer index out of range")
      return base[index]
    }
    @inline(__always) set {
      assert(index >= 0 && index < count, "fixed buffer index out of range")
      base[index] = newValue
    }
  }
}

/// A heap buffer of `count` `Int32`s, allocated once and never resized: the word decoder's
/// beam (node indices, parents, packed flags) at half the memory of `IntBuffer`.
final class Int32Buffer {
  private let base: UnsafeMutablePointer<Int32>
  let count: Int

  init(repeating value: Int32, count: Int) {
    self.count = Swift.max(count, 0)
    base = UnsafeMutablePointer<Int32>.allocate(capacity: self.count + 1)
    base.initialize(repeating: value, count: self.count + 1)
  }

  deinit { base.deallocate() }

  subscript(index: Int) -> Int32 {
    @inline(__always) get {
      assert(index >= 0 && index < count, "fixed buffer index out of range")
      return base[index]
    }
    @inline(__always) set {
      assert(index >= 0 && index < count, "fixed buffer index out of range")
      base[index] = newValue
    }
  }
}

/// A heap buffer of `count` `Double`s, allocated once and never resized.
final class DoubleBuffer {
  private let base: UnsafeMutablePointer<Double>
  let count: Int

  init(repeating value: Double, count: Int) {
    self.count = Swift.max(count, 0)
    base = UnsafeMutablePointer<Double>.allocate(capacity: self.count + 1)
    base.initialize(repeating: value, count: self.count + 1)
  }

  deinit { base.deallocate() }

  subscript(index: Int) -> Double {
    @inline(__always) get {
      assert(index >= 0 && index < count, "fixed buffer index out of range")
      return base[index]
    }
    @inline(__always) set {
      assert(index >= 0 && index < count, "fixed buffer index out of range")
      base[index] = newValue
    }
  }
}
