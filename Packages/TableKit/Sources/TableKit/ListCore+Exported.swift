// What the table shares with the collection view (the diff, diffable snapshots, batch-update validation, content
// configurations, index paths of rows) lives in ListCore; re-exported, `import TableKit` alone still brings it.
@_exported import ListCore
