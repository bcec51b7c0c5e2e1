import Foundation
import Testing

/// The articles' Swift code is the code of this target (see
/// `ArticleCode`): a block that drifts from it, or whose code no longer
/// compiles here, fails.
@Suite struct ArticleCodeTests {
  @Test func everySwiftBlockOfEveryArticleIsInItsCodeFile() throws {
    let articles = ArticleCode.articles()
    #expect(articles.count >= 12, "found only \(articles.count) catalog pages")
    var checked = 0
    for article in articles {
      let blocks = ArticleCode.swiftBlocks(in: try String(contentsOf: article, encoding: .utf8))
      let name = article.lastPathComponent
      var manifests = 0
      for (index, block) in blocks.enumerated() {
        checked += 1
        if ArticleCode.isManifest(block) {
          manifests += 1
          let file = ArticleCode.manifestFile(for: article, ordinal: manifests)
          let text = try? String(contentsOf: file, encoding: .utf8)
          #expect(
            text == block.joined(separator: "\n") + "\n",
            "\(name), block \(index + 1): not the text of \(file.path)")
          continue
        }
        let file = ArticleCode.codeFile(for: article)
        guard let code = try? String(contentsOf: file, encoding: .utf8) else {
          Issue.record("\(name) has Swift code but \(file.path) does not exist")
          continue
        }
        let problem = ArticleCode.mismatch(of: block, in: code)
        #expect(problem == nil, "\(name), block \(index + 1): \(problem ?? "")")
      }
    }
    #expect(checked >= 15, "only \(checked) Swift blocks found in the articles")
  }

  // The matcher itself: what it must accept and what it must refuse.

  static let code = """
    import Testing
    import Verification

    func stand() {
      let x = 1
      #expect(x == 1)

      print(x)
    }
    """

  @Test func acceptsABlockIndentedInsideAFunctionWithItsImportsAtTheTop() {
    let block = ["import Verification", "", "let x = 1", "#expect(x == 1)", "", "print(x)"]
    #expect(ArticleCode.mismatch(of: block, in: Self.code) == nil)
  }

  @Test func refusesADriftedLine() {
    let block = ["let x = 1", "#expect(x == 2)"]
    #expect(ArticleCode.mismatch(of: block, in: Self.code) != nil)
  }

  @Test func refusesAnImportTheFileDoesNotHave() {
    let block = ["import SnapshotFuzzCommand", "let x = 1"]
    #expect(ArticleCode.mismatch(of: block, in: Self.code) != nil)
  }

  @Test func refusesLinesThatAreNotConsecutiveOrNotEquallyIndented() {
    #expect(ArticleCode.mismatch(of: ["let x = 1", "print(x)"], in: Self.code) != nil)
    #expect(ArticleCode.mismatch(of: ["func stand() {", "let x = 1"], in: Self.code) != nil)
  }

  @Test func extractsOnlySwiftBlocks() {
    let markdown = """
      Text.

      ```swift
      let a = 1
      ```

      ```sh
      swift test
      ```

      ```swift
      // swift-tools-version: 6.0
      ```
      """
    let blocks = ArticleCode.swiftBlocks(in: markdown)
    #expect(blocks == [["let a = 1"], ["// swift-tools-version: 6.0"]])
    #expect(!ArticleCode.isManifest(blocks[0]) && ArticleCode.isManifest(blocks[1]))
  }
}
