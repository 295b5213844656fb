// The `workbench` executable: the command line lives in WorkbenchCLI so that it can be tested.
import WorkbenchCLI

WorkbenchCommand.main()
