/// Rails files for the selected native clients: the controller serving each client's bundled path
/// configuration and its request spec, the native session page, the preview guides and
/// `bin/ios`/`bin/android`. The CI workflows are `RailsWorkflowRenderer`'s.
enum RailsNativeRenderer {
    /// Where the client tree keeps its bundled path configuration (mount + Core seam path).
    static func bundledPath(_ client: Platform) -> String {
        CoreCatalog.seam(client == .ios ? .iosPathConfiguration : .androidPathConfiguration).outputPath
    }

    static func title(_ client: Platform) -> String { client.displayName }
    static func artifactPrefix(_ client: Platform) -> String { client == .ios ? "ios-simulator-app" : "android-debug-apk" }
    static func artifactFile(_ client: Platform) -> String { client == .ios ? "FoundationApp.app.zip" : "app-debug.apk" }

    // MARK: Path configuration

    static func configurationsController(clients: [Platform]) -> [UInt8] {
        var lines = [
            "module Native",
            "  # The path configuration of each native client: the very file bundled in the client, sent byte",
            "  # for byte, so the app and the server share one copy. Clients fetch it at launch, before anyone",
            "  # signs in, so it reads no record and needs no session.",
            "  class ConfigurationsController < ApplicationController",
        ]
        for (i, client) in clients.enumerated() {
            if i > 0 { lines.append("") }
            let segments = bundledPath(client).split(separator: "/").map { RailsText.ruby(String($0)) }.joined(separator: ", ")
            lines += ["    def \(client)_v1", "      render_bundled \(segments)", "    end"]
        }
        lines += ["", "    private", "",
                  "    # render json: sends a String as it is, with the application/json content type.",
                  "    def render_bundled(*path)",
                  "      render json: Rails.root.join(*path).binread",
                  "    end",
                  "  end",
                  "end"]
        return RailsText.file(lines)
    }

    static func configurationsSpec(clients: [Platform]) -> [UInt8] {
        var lines = ["require \"rails_helper\"", "", "RSpec.describe \"Native path configurations\", type: :request do"]
        if !clients.isEmpty {
            lines += [
                "  # The client's bundled file, which the server sends. A deploy without the client tree cannot",
                "  # serve it, so a missing file fails here instead of being skipped.",
                "  def bundled(path)",
                "    file = Rails.root.join(path)",
                "    expect(file).to be_file, \"#{path} is missing: the server sends the client's bundled copy, \" \\",
                "                             \"so the client tree must be checked out and deployed with the app\"",
                "    file.binread",
                "  end",
                "",
            ]
        }
        for client in Platform.clients {
            let name = "\(client)_v1"
            if clients.contains(client) {
                lines += [
                    "  it \"serves the \(title(client)) client's bundled configuration byte for byte without signing in\" do",
                    "    get \"/configurations/\(name).json\"",
                    "",
                    "    expect(response).to have_http_status(:ok)",
                    "    expect(response.media_type).to eq(\"application/json\")",
                    "    expect(response.body.b).to eq(bundled(\"\(bundledPath(client))\"))",
                    "  end",
                    "",
                ]
            } else {
                lines += [
                    "  it \"has no \(title(client)) configuration, because the Plan selects no \(title(client)) client\" do",
                    "    get \"/configurations/\(name).json\"",
                    "",
                    "    expect(response).to have_http_status(:not_found)",
                    "  end",
                    "",
                ]
            }
        }
        lines.removeLast()
        lines.append("end")
        return RailsText.file(lines)
    }

    // MARK: /native-session-changed

    static func sessionsController() -> [UInt8] {
        RailsText.file([
            "module Native",
            "  # Sign-in, sign-up and sign-out send Hotwire Native clients here (app/misc/rodauth_main.rb);",
            "  # the path configuration's reset_navigation rule for this path restarts every tab.",
            "  class SessionsController < ApplicationController",
            "    def show",
            "      # Signing in or out reset the session. Store one CSRF token now, so the tabs that",
            "      # restart share it instead of each creating its own.",
            "      form_authenticity_token",
            "    end",
            "  end",
            "end",
        ])
    }

    static func sessionsView() -> [UInt8] {
        RailsText.file([
            "<% content_for :title, Rails.application.config.x.application_name %>",
            "",
            "<p role=\"status\">Signed-in state changed.</p>",
            "<p class=\"native-hidden\"><%= link_to \"Continue\", \"/\" %></p>",
            "",
            "<% if hotwire_native_app? %>",
            "  <script>",
            "    // A Turbo form submission reaches the native router as a visit proposal for this page.",
            "    // After a full-page form post, propose that visit once, so the client resets its tabs.",
            "    if (!window.nativeSessionChangeProposed) {",
            "      window.nativeSessionChangeProposed = true",
            "      addEventListener(\"turbo:load\", () => Turbo.visit(location.href, { action: \"replace\" }), { once: true })",
            "    }",
            "  </script>",
            "<% end %>",
        ])
    }

    // MARK: Preview guides

    static func guide(_ client: Platform) -> String { CoreCatalog.seam(.previewGuide(for: client)).outputPath }

    static func previewGuide(client: Platform, name: String, account: Bool) -> [UInt8] {
        let device = client == .ios ? "iPhone" : "Android"
        let file = artifactFile(client)
        var lines = [
            "# \(RailsText.markdown(name)) on \(device): preview with Revyl", "",
            "Revyl runs the \(device) build of `\(client)/` on a hosted device against your Rails app. You need",
            "no local \(client == .ios ? "Xcode" : "JDK or Android SDK"): GitHub Actions tests and builds the \(client == .ios ? "unsigned Debug Simulator app" : "debuggable APK")",
            "(`.github/workflows/\(client).yml`) whenever the native input digest of `\(client)/` changes, and Rails-only",
            "commits reuse the build of an earlier commit.", "",
            "## 1. Give Rails a public HTTPS address", "",
            "Rails is private by default. For the preview, open it to the internet for a while, in one of two",
            "ways, and undo it afterwards (see Clean up). Either start a local quick tunnel:", "",
            "```sh",
            "RAILS_DEVELOPMENT_HOSTS=.trycloudflare.com bin/dev",
            "cloudflared tunnel --url http://localhost:3000   # in a second terminal; note the https URL",
            "```", "",
            "Rails reads `RAILS_DEVELOPMENT_HOSTS` when it starts; the leading dot admits every quick-tunnel host.", "",
            "Or, in a Codespace, run `bin/dev`, make port 3000 public in the Ports panel and use its address.", "",
            "## 2. Fetch the build and start the preview", "",
            "Install the Revyl CLI with its official installer and sign in once with `revyl auth login`. Then:", "",
            "```sh",
            "bin/\(client) doctor                      # gh, revyl and cloudflared, with versions",
            "bin/\(client) preview revyl https://<public-address>",
            "```", "",
            "The helper first checks that the Revyl CLI is signed in and that Revyl's app API answers, then",
            "that `https://<public-address>/up` answers (an HTTP 403 means Rails refused the host: restart it",
            "with `RAILS_DEVELOPMENT_HOSTS=.trycloudflare.com bin/dev`). It computes the native input digest of",
            "the files git lists in `\(client)/` and downloads the matching build (`\(file)`) from GitHub Actions",
            "into `tmp/native/\(client)/`. If the artifact has expired, open the repository's Actions page, run the",
            "\(title(client)) workflow again, and repeat.", "",
            "Upload that file with the Revyl CLI and set `APP_ROOT_URL` to your public address when you launch",
            "it: the Debug build loads Rails from there.", "",
            "## Good to know", "",
            "* Run one Revyl device at a time, and stop it when your native check is done.",
            "* Sign in to Revyl in the browser with the same account as the CLI before opening the Viewer link.",
            "* Most Rails changes need no new build: reload the page in the app.",
        ]
        if account {
            lines.append("* Sign in inside the app with an account created on the web or in the app; it stays signed in for a year.")
        }
        if client == .ios {
            lines += [
                "* Pull down to refresh with the CLI: dragging in the browser Viewer may not refresh the page, while",
                "  `revyl device swipe down --x 210 --y 310 --duration 1200` refreshes the default portrait preview.",
                "* If Revyl reports its concurrency limit when you start a device although none is running, stop",
                "  and record the error (command, time, message) rather than retrying or upgrading to continue.",
            ]
        }
        lines += [
            "", "## Clean up", "",
            "When the native check is done, close what the preview opened:", "",
            "* stop the device: `revyl device stop`;",
            "* stop `cloudflared` (Ctrl-C) and restart Rails with plain `bin/dev`, so it no longer admits tunnel hosts;",
            "* in a Codespace, make port 3000 private again in the Ports panel.",
        ]
        lines += ["", "## Store uploads: version and build numbers", ""]
        if client == .ios {
            lines += [
                "The App Store reads two numbers. The version (`CFBundleShortVersionString`) is the Plan's",
                "`application.version` (`MARKETING_VERSION` in `ios/Generated/Identity.xcconfig`); change it in the Plan",
                "and compile again. The build number (`CFBundleVersion`) is not in the repository: every upload needs",
                "a higher one than the last, so it is the number of commits of the commit you build, which the",
                "workflow passes to `xcodebuild` as `CURRENT_PROJECT_VERSION` and which a new commit always raises.",
                "`bin/ios release-numbers` prints both for the current commit; pass them to the archive on the",
                "signing Mac:", "",
                "```sh",
                "bin/ios release-numbers        # MARKETING_VERSION=… and CURRENT_PROJECT_VERSION=…",
                "cd ios && xcodegen generate && xcodebuild archive -project FoundationApp.xcodeproj -scheme FoundationApp \\",
                "  -archivePath build/FoundationApp.xcarchive \"$(../bin/ios release-numbers | grep CURRENT_PROJECT_VERSION)\"",
                "```", "",
                "A second upload of the same version needs only a new commit; a new version needs a Plan change.",
            ]
        } else {
            lines += [
                "Google Play reads two numbers. The version name is the Plan's `application.version` (`version_name`",
                "in `android/app/application.properties`); change it in the Plan and compile again. The version code",
                "is not in the repository: every upload needs a higher one than the last, so it is the number of",
                "commits of the commit you build, which the workflow passes to Gradle as `-PbuildNumber` and which a",
                "new commit always raises (local builds without it are 1). `bin/android release-numbers` prints both",
                "for the current commit; pass the build number to the release build:", "",
                "```sh",
                "bin/android release-numbers    # versionName=… and buildNumber=…",
                "cd android && ./gradlew bundleRelease \"-P$(../bin/android release-numbers | grep buildNumber)\"",
                "```", "",
                "A second upload of the same version needs only a new commit; a new version needs a Plan change.",
            ]
        }
        if client == .android {
            lines += [
                "", "## Optional: Android Studio's Emulator", "",
                "Without Revyl: open `android/` in Android Studio and keep Studio's default Gradle JDK (its bundled",
                "JDK builds the project; the code targets Java 17). Command-line and CI builds use JDK 17:",
                "`cd android && ./gradlew assembleDebug` with `JAVA_HOME` on a JDK 17. Install the Debug build on an",
                "Emulator whose WebView is 120 or newer, start Rails with `bin/dev`, and launch the app against it;",
                "the Emulator reaches your computer's port 3000 at `10.0.2.2`:", "",
                "```sh",
                "adb shell am start -n \"$(sed -n 's/^application_id=//p' android/app/application.properties)/dev.firstdraft.app.MainActivity\" \\",
                "  --es APP_ROOT_URL http://10.0.2.2:3000",
                "```", "",
                "The application ID is `application_id` in `android/app/application.properties`. Only Debug builds",
                "read `APP_ROOT_URL`. With Rails in a Codespace, forward its port privately first",
                "(`gh codespace ports forward 3000:3000`); no public port or tunnel is needed.",
            ]
        }
        return RailsText.file(lines)
    }

    // MARK: bin/ios, bin/android

    /// Exit statuses of `bin/ios`/`bin/android`, one per failure, so callers and tests can tell them apart.
    enum CommandExit: Int, CaseIterable, Sendable {
        case revylMissing = 2
        case revylSignedOut = 3
        case revylAppAPI = 4
        case railsRefusedHost = 5
        case railsUnreachable = 6
        case noBuild = 7
        case noHistory = 8
        case usage = 64

        var constant: String {
            switch self {
            case .revylMissing: return "EXIT_REVYL_MISSING"
            case .revylSignedOut: return "EXIT_REVYL_SIGNED_OUT"
            case .revylAppAPI: return "EXIT_REVYL_APP_API"
            case .railsRefusedHost: return "EXIT_RAILS_REFUSED_HOST"
            case .railsUnreachable: return "EXIT_RAILS_UNREACHABLE"
            case .noBuild: return "EXIT_NO_BUILD"
            case .noHistory: return "EXIT_NO_HISTORY"
            case .usage: return "EXIT_USAGE"
            }
        }
    }

    static func command(client: Platform) -> [UInt8] {
        let prefix = artifactPrefix(client)
        var lines = [
            "#!/usr/bin/env ruby",
            "# Preview helper for the \(title(client)) client; \(guide(client)) walks through it.",
            "#",
            "#   bin/\(client) digest              native input digest of the files git lists in \(client)/",
            "#   bin/\(client) preview revyl URL   check Revyl and the Rails address, then download this digest's build",
            "#   bin/\(client) doctor              report the tools the preview uses",
            "#   bin/\(client) release-numbers     the version and build number a store upload of this commit uses",
            "require \"digest\"",
            "require \"fileutils\"",
            "require \"json\"",
            "require \"net/http\"",
            "require \"open3\"",
            "require \"uri\"",
            "",
            "ROOT = File.expand_path(\"..\", __dir__)",
            "TREE = File.join(ROOT, \"\(client)\")",
            "PLATFORM = \"\(client)\"",
            "ARTIFACT_PREFIX = \"\(prefix)\"",
            "DOWNLOADS = File.join(ROOT, \"tmp/native/\(client)\")",
        ] + releaseConstants(client) + [
            "",
            "# Exit statuses, one per failure.",
        ]
        lines += CommandExit.allCases.map { "\($0.constant) = \($0.rawValue)" }
        lines += [
            "",
            "def fail_with(status, message)",
            "  warn message",
            "  exit status",
            "end",
            "",
            "# The files git lists in the tree: tracked ones, and new ones no .gitignore excludes. The files",
            "# XcodeGen and Gradle write (*.xcodeproj, App/Info.plist, build/, .gradle/, local.properties) are",
            "# ignored, so building locally leaves the digest equal to the workflow's. Outside a git work tree,",
            "# every file counts.",
            "def tree_files(dir)",
            "  listed, _, status = Open3.capture3(\"git\", \"-C\", dir, \"ls-files\", \"-z\", \"--cached\", \"--others\",",
            "                                    \"--exclude-standard\", \"--\", \".\")",
            "  return listed.split(\"\\0\") if status.success?",
            "",
            "  every_file(dir, \"#{dir} is not in a git work tree\")",
            "rescue Errno::ENOENT",
            "  every_file(dir, \"git is not installed\")",
            "end",
            "",
            "def every_file(dir, reason)",
            "  warn \"#{reason}: the digest covers every file in #{dir}\"",
            "  Dir.glob(\"**/*\", File::FNM_DOTMATCH, base: dir)",
            "end",
            "",
            "# Tree digest v1: SHA-256 over one \"<mode> <sha256>  <path>\" line per regular file, sorted",
            "# bytewise, without FOUNDATION_PROVENANCE.json; the workflow's digest step computes the same.",
            "def tree_digest(dir)",
            "  lines = tree_files(dir).uniq.sort.filter_map do |path|",
            "    full = File.join(dir, path)",
            "    next if path == \"FOUNDATION_PROVENANCE.json\" || File.symlink?(full) || !File.file?(full)",
            "",
            "    mode = File.executable?(full) ? \"100755\" : \"100644\"",
            "    \"#{mode} #{Digest::SHA256.file(full).hexdigest}  #{path}\\n\"",
            "  end",
            "  Digest::SHA256.hexdigest(lines.join)",
            "end",
            "",
            "# The Revyl CLI must be signed in and reach Revyl's app API before a build is worth fetching.",
            "def check_revyl",
            "  out, _, status = Open3.capture3(\"revyl\", \"auth\", \"status\", \"--json\")",
            "  signed_in = status.success? && JSON.parse(out)[\"authenticated\"] == true",
            "  fail_with EXIT_REVYL_SIGNED_OUT, \"The Revyl CLI is not signed in: run `revyl auth login`, then try again.\" unless signed_in",
            "",
            "  out, err, status = Open3.capture3(\"revyl\", \"app\", \"list\", \"--platform\", PLATFORM, \"--json\")",
            "  return if status.success? && JSON.parse(out).key?(\"apps\")",
            "",
            "  fail_with EXIT_REVYL_APP_API, \"Revyl's app API did not answer `revyl app list` (#{err.strip}); \" \\",
            "                               \"check your network and `revyl auth status`, then try again.\"",
            "rescue Errno::ENOENT",
            "  fail_with EXIT_REVYL_MISSING, \"The Revyl CLI is not installed: install it with its official installer.\"",
            "rescue JSON::ParserError => error",
            "  fail_with EXIT_REVYL_APP_API, \"The Revyl CLI printed no JSON (#{error.message}); check `revyl --version`.\"",
            "end",
            "",
            "def check_rails(address)",
            "  uri = URI.join(address.end_with?(\"/\") ? address : \"#{address}/\", \"up\")",
            "  response = Net::HTTP.get_response(uri)",
            "  return if response.code == \"200\"",
            "",
            "  if response.code == \"403\"",
            "    fail_with EXIT_RAILS_REFUSED_HOST, \"#{uri} answered 403: Rails refused this host. Restart it with\\n\" \\",
            "                                       \"  RAILS_DEVELOPMENT_HOSTS=.trycloudflare.com bin/dev\\n\" \\",
            "                                       \"(or with your own host in RAILS_DEVELOPMENT_HOSTS).\"",
            "  end",
            "  fail_with EXIT_RAILS_UNREACHABLE, \"#{uri} answered #{response.code}; start Rails with bin/dev and check the address.\"",
            "rescue SystemCallError, SocketError, Net::OpenTimeout => error",
            "  fail_with EXIT_RAILS_UNREACHABLE, \"#{uri} did not answer (#{error.message}); start Rails and the tunnel first.\"",
            "end",
            "",
            "def download_build(digest)",
            "  name = \"#{ARTIFACT_PREFIX}-#{digest}\"",
            "  query = \"repos/{owner}/{repo}/actions/artifacts?name=#{name}\"",
            "  id, = Open3.capture2(\"gh\", \"api\", query, \"--jq\", \"[.artifacts[] | select(.expired | not)][0].id // empty\")",
            "  if id.strip.empty?",
            "    fail_with EXIT_NO_BUILD, \"No unexpired build named #{name}. Push your commit (or run the \(title(client)) \" \\",
            "                             \"workflow on the Actions page) and try again.\"",
            "  end",
            "  FileUtils.mkdir_p(DOWNLOADS)",
            "  archive = File.join(DOWNLOADS, \"#{name}.zip\")",
            "  system(\"gh\", \"api\", \"repos/{owner}/{repo}/actions/artifacts/#{id.strip}/zip\", out: archive, exception: true)",
            "  system(\"unzip\", \"-o\", \"-q\", archive, \"-d\", DOWNLOADS, exception: true)",
            "  File.join(DOWNLOADS, \"\(artifactFile(client))\")",
            "end",
            "",
            "# The marketing version is the Plan's application.version, generated into VERSION_FILE; the",
            "# build number is never in the tree: the workflow stamps git rev-list --count HEAD, which grows",
            "# with every commit on a branch, so each upload of a new commit gets a higher number.",
            "def release_numbers",
            "  version = File.foreach(VERSION_FILE).filter_map { |line| line[VERSION_PATTERN, 1] }.first",
            "  fail_with EXIT_USAGE, \"#{VERSION_FILE} has no version: compile the Plan again.\" unless version",
            "",
            "  count, err, status = Open3.capture3(\"git\", \"-C\", ROOT, \"rev-list\", \"--count\", \"HEAD\")",
            "  unless status.success?",
            "    fail_with EXIT_NO_HISTORY, \"git rev-list --count HEAD failed (#{err.strip}): the build number counts the \" \\",
            "                               \"commits of a git work tree with at least one commit, and a shallow clone counts too few.\"",
            "  end",
            "  puts \"#{VERSION_SETTING}=#{version}\"",
            "  puts \"#{BUILD_SETTING}=#{count.strip}\"",
            "rescue Errno::ENOENT",
            "  fail_with EXIT_NO_HISTORY, \"git is not installed: the build number is git rev-list --count HEAD.\"",
            "end",
            "",
            "def doctor",
            "  %w[gh revyl cloudflared].each do |tool|",
            "    path = ENV.fetch(\"PATH\", \"\").split(File::PATH_SEPARATOR).map { |dir| File.join(dir, tool) }",
            "      .find { |candidate| File.executable?(candidate) }",
            "    version = path && `#{tool} --version 2>&1`.lines.first.to_s.strip",
            "    puts format(\"%-12s %s\", tool, path ? \"#{path} (#{version})\" : \"not installed\")",
            "  end",
            "end",
            "",
            "case ARGV",
            "in [\"digest\"]",
            "  puts tree_digest(TREE)",
            "in [\"preview\", \"revyl\", address]",
            "  check_revyl",
            "  check_rails(address)",
            "  build = download_build(tree_digest(TREE))",
            "  puts \"Build: #{build}\"",
            "  puts \"Upload it with the Revyl CLI and launch it with APP_ROOT_URL=#{address}.\"",
            "  puts \"Run one Revyl device at a time; sign in to Revyl in the browser before opening the Viewer link.\"",
            "  puts \"When you are done, clean up as \(guide(client)) says (stop the device, close the tunnel or port).\"",
            "in [\"doctor\"]",
            "  doctor",
            "in [\"release-numbers\"]",
            "  release_numbers",
            "else",
            "  fail_with EXIT_USAGE, \"usage: bin/\(client) digest | preview revyl <public-https-url> | doctor | release-numbers\"",
            "end",
        ]
        return RailsText.file(lines)
    }

    /// Where `bin/<client> release-numbers` reads the version, and the build settings it names:
    /// iOS `MARKETING_VERSION`/`CURRENT_PROJECT_VERSION` (xcodebuild settings), Android `versionName`
    /// and the Gradle property `buildNumber` that `app/build.gradle.kts` turns into `versionCode`.
    static func releaseConstants(_ client: Platform) -> [String] {
        let file = client == .ios ? CoreCatalog.seam(.iosIdentityXcconfig).outputPath : CoreCatalog.seam(.androidApplicationProperties).outputPath
        return [
            "VERSION_FILE = File.join(ROOT, \"\(file)\")",
            client == .ios ? "VERSION_PATTERN = /\\AMARKETING_VERSION = ([0-9.]+)\\s*\\z/" : "VERSION_PATTERN = /\\Aversion_name=([0-9.]+)\\s*\\z/",
            "VERSION_SETTING = \"\(client == .ios ? "MARKETING_VERSION" : "versionName")\"",
            "BUILD_SETTING = \"\(client == .ios ? "CURRENT_PROJECT_VERSION" : "buildNumber")\"",
        ]
    }
}
