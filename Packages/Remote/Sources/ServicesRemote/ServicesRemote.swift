import CatalogAPI
// The remote services are being built; see the package README.
