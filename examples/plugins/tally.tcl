#!/usr/bin/env tclsh
# A cmdscript plugin in Tcl: a tally whose count is kept in a file, so it outlives the
# plugin ("persistent": true): a resumed --session journal never runs its commands twice.
#
#   cmdscript --plugin 'tclsh tally.tcl' -c 'tally.add 3; show tally'
#   cmdscript plugin check 'tclsh tally.tcl /tmp/check-tally.txt'
# The file is the first argument (default: tally.txt in the working directory).

set file [expr {$argc > 0 ? [lindex $argv 0] : "tally.txt"}]
proc load {} {
    global file
    if {![file exists $file]} { return 0 }
    set f [open $file]; set n [string trim [read $f]]; close $f
    return [expr {$n eq "" ? 0 : $n}]
}
proc save {n} {
    global file
    set f [open $file.new w]; puts $f $n; close $f
    file rename -force $file.new $file
}

# JSON in: values as {type value} pairs (object: a dict of them, array: a list of them).
proc json {text} { set i 0; return [value $text i] }
proc blank {text iv} { upvar $iv i; while {[string is space [string index $text $i]] && $i < [string length $text]} { incr i } }
proc value {text iv} {
    upvar $iv i; blank $text i
    set c [string index $text $i]
    if {$c eq "\{"} {
        incr i; set d [dict create]; blank $text i
        if {[string index $text $i] eq "\}"} { incr i; return [list object $d] }
        while 1 {
            set k [lindex [value $text i] 1]; blank $text i; incr i
            dict set d $k [value $text i]; blank $text i
            if {[string index $text $i] eq ","} { incr i } else { incr i; return [list object $d] }
        }
    } elseif {$c eq "\["} {
        incr i; set l {}; blank $text i
        if {[string index $text $i] eq "\]"} { incr i; return [list array $l] }
        while 1 {
            lappend l [value $text i]; blank $text i
            if {[string index $text $i] eq ","} { incr i } else { incr i; return [list array $l] }
        }
    } elseif {$c eq "\""} {
        regexp -start $i {"((?:[^"\\]|\\.)*)"} $text all s
        incr i [string length $all]
        return [list string [subst -nocommands -novariables $s]]
    } elseif {[regexp {\A(?:true|false|null|-?[0-9.eE+-]+)} [string range $text $i end] word]} {
        incr i [string length $word]
        return [list [expr {[string is entier $word] ? "number" : "literal"}] $word]
    }
    error "bad JSON at $i"
}
proc field {v args} { foreach k $args { set v [dict get [lindex $v 1] $k] }; return [lindex $v 1] }

set types {[{"name": "tally", "summary": "a count kept in a file",
  "verbs": [{"name": "add", "summary": "add to the count", "parameters": [{"name": "n", "kind": "integer", "min": 1, "max": 1000}]},
            {"name": "reset", "summary": "set the count to 0", "parameters": []}],
  "queries": [{"name": "count", "summary": "the count", "kind": "integer", "parameters": []}]}]}
set types [string map {"\n" ""} $types]

while {[gets stdin line] >= 0} {
    set m [json $line]
    set id [field $m id]
    set result "{}"
    switch -- [field $m method] {
        initialize {
            set result "{\"protocolVersion\": 1, \"name\": \"tally\", \"persistent\": true, \"types\": $types, \"instances\": \[{\"name\": \"tally\", \"type\": \"tally\"}\]}"
        }
        execute {
            set before [load]
            if {[field $m params verb] eq "add"} {
                save [expr {$before + [lindex [lindex [field $m params arguments] 0] 1]}]
            } else {
                save 0
            }
            set result "{\"undo\": $before}"
        }
        undo { save [field $m params undo] }
        query { set result "{\"value\": [load]}" }
        state { set result "{\"state\": {\"count\": [load]}}" }
    }
    puts "{\"jsonrpc\": \"2.0\", \"id\": $id, \"result\": $result}"
    flush stdout
}
