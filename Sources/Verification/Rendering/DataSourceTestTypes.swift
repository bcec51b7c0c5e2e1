/// The Swift type names a rendered data-source test uses.
struct DataSourceTestTypes: Hashable, Sendable {
  /// The data source.
  var dataSource: String
  /// Its full snapshot type.
  var snapshot: String
  /// Its section snapshot type.
  var sectionSnapshot: String
}
