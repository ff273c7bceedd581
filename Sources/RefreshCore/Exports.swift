// The states, edges and geometry live in RefreshContract, which plugins link alone; whoever imports
// the core gets them too.
@_exported import RefreshContract
