/// `value` with thousands separators, as reports and errors print counts: 1,073,741,824.
package func grouped(_ value: some BinaryInteger) -> String {
  let digits = String(value)
  var out = ""
  for (index, character) in digits.enumerated() {
    if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
    out.append(character)
  }
  return out
}
