import Foundation

extension CatalogAPI {
  /// The `Link` header (RFC 8288) of a page that has a next one: `<…?after=…&offset=…&limit=…>; rel="next"`.
  ///
  /// The body's `nextCursor` says the same, but a header arrives before the body: a client that reads it can
  /// ask for the next page while this one is still on its way and being read, so the server works on the next
  /// page while the client reads this one. The server writes it here and the client reads it here.
  public enum NextPageLink {
    /// The header's name.
    public static let headerName = "Link"

    /// The header's value for the page of `path` after `cursor` (the page's `nextCursor`), at `offset` (how
    /// many tracks come before it), `limit` tracks long, at `base` (the server's public URL, no trailing slash).
    public static func value(base: String, path: String, after cursor: String, offset: Int, limit: Int) -> String {
      "<\(base)\(path)?after=\(queryEscaped(cursor))&offset=\(offset)&limit=\(limit)>; rel=\"next\""
    }

    /// The target of the first link whose relation types include `next`, as written between `<` and `>`; nil
    /// when the value has none (or is not a list of links).
    ///
    /// Reads RFC 8288's grammar: links separated by commas, each `<target>` followed by `;`-separated parameters,
    /// parameter values plain or quoted (with `\` escapes), `rel` a space-separated list compared without case.
    public static func target(in value: String) -> String? {
      var scalars = value.unicodeScalars[...]
      while true {
        scalars = scalars.drop { $0 == " " || $0 == "\t" || $0 == "," }
        guard scalars.first == "<", let close = scalars.firstIndex(of: ">") else { return nil }
        let target = String(scalars[scalars.index(after: scalars.startIndex)..<close])
        scalars = scalars[scalars.index(after: close)...]
        var isNext = false
        // The parameters, up to the comma that ends this link (a comma inside quotes is not one).
        while let first = scalars.drop(while: { $0 == " " || $0 == "\t" }).first, first == ";" {
          scalars = scalars.drop(while: { $0 == " " || $0 == "\t" }).dropFirst()
          let name = String(scalars.prefix { $0 != "=" && $0 != ";" && $0 != "," }).trimmingCharacters(in: .whitespaces)
          scalars = scalars.drop { $0 != "=" && $0 != ";" && $0 != "," }
          var parameterValue = ""
          if scalars.first == "=" {
            scalars = scalars.dropFirst().drop { $0 == " " || $0 == "\t" }
            if scalars.first == "\"" {
              scalars = scalars.dropFirst()
              var escaped = false
              while let scalar = scalars.first {
                scalars = scalars.dropFirst()
                if escaped {
                  parameterValue.unicodeScalars.append(scalar)
                  escaped = false
                } else if scalar == "\\" {
                  escaped = true
                } else if scalar == "\"" {
                  break
                } else {
                  parameterValue.unicodeScalars.append(scalar)
                }
              }
            } else {
              parameterValue = String(scalars.prefix { $0 != ";" && $0 != "," })
                .trimmingCharacters(in: .whitespaces)
              scalars = scalars.drop { $0 != ";" && $0 != "," }
            }
          }
          if name.lowercased() == "rel",
            parameterValue.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).contains("next")
          {
            isNext = true
          }
        }
        if isNext { return target }
        // Past anything else this link holds, to the comma before the next.
        guard let comma = scalars.firstIndex(of: ",") else { return nil }
        scalars = scalars[comma...]
      }
    }

    /// `text` with every byte outside RFC 3986's unreserved characters percent-encoded.
    static func queryEscaped(_ text: String) -> String {
      var escaped = ""
      for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
          UInt8(ascii: "~"):
          escaped.unicodeScalars.append(Unicode.Scalar(byte))
        default:
          let digits = Array("0123456789ABCDEF".unicodeScalars)
          escaped.unicodeScalars.append("%")
          escaped.unicodeScalars.append(digits[Int(byte >> 4)])
          escaped.unicodeScalars.append(digits[Int(byte & 0xF)])
        }
      }
      return escaped
    }
  }
}
