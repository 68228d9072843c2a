// Command steady calls sysmon.Steady and prints, from the program run
// again, its GODEBUG and arguments; TestSteadyRunsTheProgramAgainWithTheSetting
// builds and runs it.
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/praksis/praksis/api/sysmon"
)

func main() {
	if err := sysmon.Steady(); err != nil {
		fmt.Print("error: ", err)
		os.Exit(1)
	}
	fmt.Print("GODEBUG=", os.Getenv("GODEBUG"), " args=", strings.Join(os.Args[1:], " "))
}
