// What the collection view shares with the table (index paths of items, content configurations, the diff, diffable
// snapshots and batch-update validation) lives in ListCore; re-exported, `import CollectionKit`
// alone brings it.
@_exported import ListCore
