// The resolver left CalorinaFoods for a module of its own, CalorinaResolver (issue 28), while
// other engineers were changing the session's files; the session's files named it through
// `import CalorinaFoods`. Re-exported here, once, so that no session file had to change in that
// round: an `import CalorinaResolver` in each file that names the resolver can replace it.
@_exported import CalorinaResolver
