import XCTest
@testable import Lowerings
