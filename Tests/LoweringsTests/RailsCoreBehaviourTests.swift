import Foundation
import XCTest
@testable import Lowerings

/// What 000 says the Rails app does and an earlier release left out: the Cancel link kept beside a
/// form's submit, the footer's /privacy and /terms, RAILS_DEVELOPMENT_HOSTS from
/// .env.development.local, and badge machinery on navigation entries. Ruby pieces run in real Ruby.
final class RailsCoreBehaviourTests: XCTestCase {
    private static let core = KotlinGrammar.packageRoot.appendingPathComponent("Cores/rails")
    private var workspace: URL!

    override func setUpWithError() throws {
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent("rails-core-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: workspace) }

    private func text(_ files: [String: [UInt8]], _ path: String) throws -> String {
        String(decoding: try XCTUnwrap(files[path], path), as: UTF8.self)
    }

    func testFormsKeepACancelLinkToTheCollectionTheParentOrTheRecord() throws {
        let files = try LoweringHarness.files(RailsLowering.lower(try LoweringHarness.fixture("movie-catalog.plan.json")))
        let form = try text(files, "app/views/movies/_form.html.erb")
        let actions = try XCTUnwrap(form.range(of: "<div class=\"actions\">"))
        let tail = form[actions.lowerBound...]
        XCTAssertTrue(tail.contains("<%= form.button data: { controller: \"bridge--submit\" } %>\n    <%= link_to \"Cancel\", cancel, class: \"form-cancel\" %>"), form)
        XCTAssertTrue(try text(files, "app/views/movies/new.html.erb").contains("cancel: movies_path %>"))
        XCTAssertTrue(try text(files, "app/views/movies/edit.html.erb").contains("cancel: @movie %>"))
        // A review is created below its movie: Cancel goes back to the movie.
        XCTAssertTrue(try text(files, "app/views/reviews/new.html.erb").contains("url: movie_reviews_path(@movie), cancel: @movie %>"))
        XCTAssertTrue(try text(files, "app/views/reviews/edit.html.erb").contains("cancel: @review %>"))
        XCTAssertTrue(try text(files, "app/views/accounts/edit.html.erb")
            .contains("<%= form.button \"Save account\", data: { controller: \"bridge--submit\" } %>\n    <%= link_to \"Cancel\", account_path, class: \"form-cancel\" %>"))
        // Every scaffold new/edit view passes the local the partial reads.
        for (path, bytes) in files where !path.hasPrefix("app/views/accounts/") && (path.hasSuffix("/new.html.erb") || path.hasSuffix("/edit.html.erb")) {
            XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains("cancel: "), path)
        }
    }

    func testTheFooterLinksPrivacyAndTermsWhichTheRoutesServe() throws {
        let files = try LoweringHarness.files(RailsLowering.lower(try LoweringHarness.fixture("notes.plan.json")))
        let routes = try text(files, "config/routes.rb")
        XCTAssertTrue(routes.contains("  get \"privacy\", to: \"legal#privacy\", as: nil\n"), routes)
        XCTAssertTrue(routes.contains("  get \"terms\", to: \"legal#terms\", as: nil\n"), routes)
        let layout = try String(contentsOf: Self.core.appendingPathComponent("app/views/layouts/application.html.erb"), encoding: .utf8)
        let footer = try XCTUnwrap(layout.range(of: "<footer class=\"site-footer\">"))
        let nativeSwitchEnd = try XCTUnwrap(layout.range(of: "<% end %>", range: layout.range(of: "<% unless hotwire_native_app? %>")!.upperBound..<layout.endIndex))
        XCTAssertGreaterThan(footer.lowerBound, nativeSwitchEnd.upperBound, "the footer is outside the web-only header")
        XCTAssertTrue(layout.contains("link_to \"Privacy\", \"/privacy\""))
        XCTAssertTrue(layout.contains("link_to \"Terms\", \"/terms\""))
        let controller = try String(contentsOf: Self.core.appendingPathComponent("app/controllers/legal_controller.rb"), encoding: .utf8)
        XCTAssertTrue(controller.contains("def privacy") && controller.contains("def terms"))
        for page in ["privacy", "terms"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: Self.core.appendingPathComponent("app/views/legal/\(page).html.erb").path), page)
        }
        // An entity cannot take the controller's name.
        XCTAssertTrue(RailsNames.reservedPluralKeys.contains("legal"))
    }

    func testNavigationEntriesCarryABadgeSetByApplicationCode() throws {
        let lowering = RailsLowering.lower(try LoweringHarness.fixture("movie-catalog.plan.json"))
        let partial = try text(try LoweringHarness.files(lowering), "app/views/layouts/_navigation.html.erb")
        let navigation = ApplicationNavigation(plan: try LoweringHarness.fixture("movie-catalog.plan.json").plan)
        XCTAssertGreaterThanOrEqual(navigation.entries.count, 3)
        for entry in navigation.entries {
            XCTAssertTrue(partial.contains("<%= navigation_badge(\"\(entry.id)\") %></li>"), entry.id)
        }
        // The helper, in real Ruby with Action View: nothing without a count, the count, then 99+.
        let ruby = try RailsRubyToolTests.tool("ruby")
        let script = """
        require "action_view"
        class View
          include ActionView::Helpers::TagHelper
          include ActionView::Helpers::TextHelper
          attr_accessor :output_buffer
          def navigation_badges = { "a" => 3, "b" => 150, "c" => 0 }
        end
        load ARGV[0]
        View.include(ApplicationHelper)
        view = View.new
        puts view.navigation_badge("a"), view.navigation_badge("b"), view.navigation_badge("c").inspect, view.navigation_badge("z").inspect
        """
        let result = try ToolProcess.run(ruby, ["-e", script, Self.core.appendingPathComponent("app/helpers/application_helper.rb").path])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output.split(separator: "\n").map(String.init), [
            "<span class=\"navigation-badge\" aria-label=\"3 new items\">3</span>",
            "<span class=\"navigation-badge\" aria-label=\"150 new items\">99+</span>",
            "nil", "nil",
        ])
    }

    /// config/environments/development.rb evaluated in real Ruby against a stand-in application:
    /// the environment variable wins, else the line in .env.development.local applies.
    func testDevelopmentHostsAlsoComeFromEnvDevelopmentLocal() throws {
        let ruby = try RailsRubyToolTests.tool("ruby")
        let script = """
        require "pathname"
        class Anything
          def initialize = @values = {}
          def hosts = (@values[:hosts] ||= [])
          def method_missing(name, *args) = name.to_s.end_with?("=") ? nil : (@values[name] ||= Anything.new)
          def respond_to_missing?(*) = true
        end
        module Rails
          class App
            def config = (@config ||= Anything.new)
            def configure(&block) = instance_eval(&block)
          end
          def self.application = (@application ||= App.new)
          def self.root = Pathname(ARGV[1])
        end
        load ARGV[0]
        puts Rails.application.config.hosts.inspect
        """
        let development = Self.core.appendingPathComponent("config/environments/development.rb").path
        func hosts(environment: String?, file: String?) throws -> String {
            let root = workspace.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            if let file { try file.write(to: root.appendingPathComponent(".env.development.local"), atomically: true, encoding: .utf8) }
            var arguments = ["-u", "RAILS_DEVELOPMENT_HOSTS"]
            if let environment { arguments = ["RAILS_DEVELOPMENT_HOSTS=\(environment)"] }
            let result = try ToolProcess.run("/usr/bin/env", arguments + [ruby, "-e", script, development, root.path])
            XCTAssertEqual(result.status, 0, result.output)
            return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(try hosts(environment: nil, file: nil), "[]")
        XCTAssertEqual(try hosts(environment: nil, file: "OTHER=1\nexport RAILS_DEVELOPMENT_HOSTS=\".trycloudflare.com, x.app.github.dev\"\n"),
                       "[\".trycloudflare.com\", \"x.app.github.dev\"]")
        XCTAssertEqual(try hosts(environment: "a.example", file: "RAILS_DEVELOPMENT_HOSTS=.trycloudflare.com\n"), "[\"a.example\"]")
        XCTAssertEqual(try hosts(environment: "", file: "RAILS_DEVELOPMENT_HOSTS=.trycloudflare.com\n"), "[]")
    }
}
