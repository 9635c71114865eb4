// The resolver left CalorinaFoods for a module of its own, CalorinaResolver (issue 28), while
// other engineers were changing the session's files; the session's files named it through
// `import CalorinaFoods`. Re-exported here, once, so that no session file had to change in that
// round: an `import CalorinaResolver` in each file that names the resolver can replace it.
// The same for the modules cut out of the session (issue 28: reports, the exchange formats,
// doctor, help and completion, the undo history as stored, what a line returns), while the
// nutrient fields change in their files: the session's files, the executable and the tests see
// them through `import CalorinaSession` as before (the renderer imports what it uses). A file
// that imports the module it uses can replace this.
@_exported import CalorinaDoctor
@_exported import CalorinaExchange
@_exported import CalorinaHelp
@_exported import CalorinaReports
@_exported import CalorinaResolver
@_exported import CalorinaResults
@_exported import CalorinaUndo
