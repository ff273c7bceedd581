// Geometry (Point, Size) and the refresh states come from RefreshContract; whoever draws needs them.
@_exported import RefreshContract
