// A plugin's tests import RefreshTesting alone and have expectFrame, validateIndicator and the rest
// of RefreshTestingCore too, as before the two were split.
@_exported import RefreshTestingCore
