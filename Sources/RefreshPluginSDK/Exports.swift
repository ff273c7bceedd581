// A plugin imports this module alone: drawing (RefreshGraphics) and the states it draws (RefreshContract, through RefreshGraphics) come with it; the container, physics and paging (RefreshCore) do not.
@_exported import RefreshGraphics
