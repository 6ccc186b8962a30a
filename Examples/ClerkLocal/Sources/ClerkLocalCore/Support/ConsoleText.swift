/// Text bound for a terminal: control characters (ESC, CR, BEL, C1 controls…) are written as
/// `\u{1B}` escapes, so input cannot move the cursor, recolour or rewrite what the console shows.
package enum ConsoleText {
    package static func escapingControlCharacters(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
