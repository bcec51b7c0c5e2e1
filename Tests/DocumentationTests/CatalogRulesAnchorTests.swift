import Foundation
import Testing

@testable import Verification

/// Every link a failure makes into the "Catalog rules" article
/// (`Documentation`) names a section the article has, by the anchor DocC
/// makes from its heading.
@Suite struct CatalogRulesAnchorTests {
  /// The anchors of the article's headings: the words joined by `-`, case
  /// kept, as DocC makes them.
  static func anchors() throws -> Set<String> {
    let article = ArticleCode.root.appendingPathComponent(Documentation.article)
    let text = try String(contentsOf: article, encoding: .utf8)
    let headings = text.split(separator: "\n").filter {
      $0.hasPrefix("## ") || $0.hasPrefix("### ")
    }
    return Set(
      headings.map { line in
        line.drop(while: { $0 == "#" }).split(separator: " ").joined(separator: "-")
      })
  }

  @Test func everyRuleLinkNamesASectionOfTheArticle() throws {
    let links = [
      Documentation.fullSnapshot, Documentation.markOrder, Documentation.sectionSnapshot,
      Documentation.expansion, Documentation.batchRules, Documentation.identity,
      Documentation.refresh, Documentation.minimalMoves, Documentation.batchShape,
      Documentation.emptyDiff, Documentation.valueSemantics, Documentation.dataSource,
      Documentation.misuse, Documentation.differLimits, Documentation.composedDiffer,
      Documentation.stateless,
    ]
    let anchors = try Self.anchors()
    for link in links {
      let anchor = String(link.split(separator: "#").last ?? "")
      #expect(link.hasPrefix(Documentation.article + "#"), "\(link)")
      #expect(anchors.contains(anchor), "\(link): no heading of the article has this anchor")
    }
    #expect(Set(links).count == links.count, "two rules link one section")
  }
}
