/// Integers written as decimal text straight into a byte buffer (no String made per number), for the writers that
/// emit a row or a set at a time: CSV fields, the answers column's keys and points.
public enum DecimalText {
    @inlinable public static func append(_ number: Int, to bytes: inout [UInt8]) {
        // One digit (a scale point, a count) without the reversal below.
        if number >= 0, number < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(number))
            return
        }
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }
}
