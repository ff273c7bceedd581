// A plugin imports this module alone: drawing (RefreshGraphics) and states (RefreshCore) come with it.
@_exported import RefreshGraphics
