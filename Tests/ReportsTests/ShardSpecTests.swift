import Testing
import Verification

@Suite struct ShardSpecTests {
  @Test(arguments: ["1/1", "1/2", "2/2", "8/8", "3/10"])
  func parsesValidShards(text: String) throws {
    let shard = try #require(ShardSpec(parsing: text))
    #expect(shard.description == text)
  }

  @Test(arguments: [
    "", "1", "0/2", "3/2", "1/0", "-1/2", "1/2/3", "a/b", " 1/2", "1/ 2", "+1/2", "1/2x",
    "99999999999999999999/1",
  ])
  func rejectsMalformedShards(text: String) {
    #expect(ShardSpec(parsing: text) == nil)
  }

  @Test func shardsPartitionTheCaseIndices() {
    for count in 1...5 {
      var owners = Array(repeating: 0, count: 60)
      for index in 1...count {
        let shard = ShardSpec(index: index, count: count)!
        for ordinal in 0..<(60 / count) {
          let k = shard.caseIndex(ordinal: ordinal)
          if k < 60 { owners[k] += 1 }
          #expect(shard.contains(k))
        }
      }
      #expect(owners.prefix(60 / count * count).allSatisfy { $0 == 1 }, "count \(count)")
    }
  }
}
