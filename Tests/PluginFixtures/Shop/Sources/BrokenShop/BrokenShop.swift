/// Never compiled into a product: the theme beside it does not load, so the build stops first.
public let brokenShop = "Broken"
