// Calorina's library under one name, for the benchmarks and the fuzzer: the pipeline's modules,
// re-exported. The executable and the tests import the modules they use.
@_exported import CalorinaDoctor
@_exported import CalorinaDocuments
@_exported import CalorinaExchange
@_exported import CalorinaFiles
@_exported import CalorinaFoods
@_exported import CalorinaHelp
@_exported import CalorinaJournal
@_exported import CalorinaLanguage
@_exported import CalorinaModel
@_exported import CalorinaMonths
@_exported import CalorinaMovement
@_exported import CalorinaParser
@_exported import CalorinaPhrasing
@_exported import CalorinaRendering
@_exported import CalorinaReports
@_exported import CalorinaResolver
@_exported import CalorinaSession
@_exported import CalorinaSupport
@_exported import CalorinaUndo
