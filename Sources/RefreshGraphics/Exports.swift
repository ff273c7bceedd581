// Geometry (Point, Size) and the refresh states come from RefreshCore; whoever draws needs them.
@_exported import RefreshCore
