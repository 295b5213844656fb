// The `workbench` executable: everything lives in WorkbenchKit so that it can be tested.
import WorkbenchKit

WorkbenchCommand.main()
