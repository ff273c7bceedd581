// Geometry (Point, Size) and the refresh states come from RefreshContract; whoever draws needs them.
@_exported import RefreshContract
// Files and processes moved to RefreshSystem; seen through graphics until the next change.
@_exported import RefreshSystem
