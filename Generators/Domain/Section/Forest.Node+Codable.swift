extension Forest.Node: Codable {
  private enum Key: String, CodingKey { case id, expanded, children }

  /// Encodes `{"id": 3}`, adding `"expanded": true` and `"children": […]`
  /// only when they are not the defaults, so entries stay short.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Key.self)
    try c.encode(id, forKey: .id)
    if expanded { try c.encode(true, forKey: .expanded) }
    if !children.isEmpty { try c.encode(children, forKey: .children) }
  }

  /// Decodes the short form; missing `expanded` is `false`, missing
  /// `children` is `[]`.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Key.self)
    self.init(
      try c.decode(Int.self, forKey: .id),
      expanded: try c.decodeIfPresent(Bool.self, forKey: .expanded) ?? false,
      children: try c.decodeIfPresent([Forest.Node].self, forKey: .children) ?? [])
  }
}
