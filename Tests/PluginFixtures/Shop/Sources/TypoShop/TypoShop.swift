import Shop

/// `mainTitel` is not a level of the Good theme: this must not compile.
public let typo = Shop.GoodTheme.Level.mainTitel
