@_exported import CalorinaDocuments
// The journal's API speaks of entries, month keys, store errors and file stamps: those modules come
// with it, so that a module that imports the journal reads what the journal hands it.
@_exported import CalorinaFiles
@_exported import CalorinaMonths
