/// Rails files for the selected native clients: the served path configurations, the native
/// session page, preview guides, `bin/ios`/`bin/android` and the CI workflows.
enum RailsNativeRenderer {
    /// Where the client tree keeps its bundled path configuration (mount + Core seam path).
    static func bundledPath(_ client: String) -> String {
        let seams = client == "ios" ? CoreCatalog.iosSeams : CoreCatalog.androidSeams
        let seam = seams.first { $0.owner == "\(client).path_configuration" }!
        return mounted(client, seam.path)
    }

    static func title(_ client: String) -> String { client == "ios" ? "iOS" : "Android" }
    static func artifactPrefix(_ client: String) -> String { client == "ios" ? "ios-simulator-app" : "android-debug-apk" }
    static func artifactFile(_ client: String) -> String { client == "ios" ? "FoundationApp.app.zip" : "app-debug.apk" }

    // MARK: Path configuration

    static func configurationsController(clients: [String]) -> [UInt8] {
        var lines = [
            "module Native",
            "  # The path configuration of each native client, byte for byte the copy bundled in the client",
            "  # (config/native/<client>_v1.json). Clients fetch it at launch, before anyone signs in, so it",
            "  # reads no record and needs no session.",
            "  class ConfigurationsController < ApplicationController",
        ]
        for (i, client) in clients.enumerated() {
            if i > 0 { lines.append("") }
            lines += ["    def \(client)_v1", "      render_configuration \"\(client)_v1.json\"", "    end"]
        }
        lines += ["", "    private", "",
                  "    def render_configuration(name)",
                  "      render json: Rails.root.join(\"config/native\", name).binread",
                  "    end",
                  "  end",
                  "end"]
        return RailsText.file(lines)
    }

    static func configurationsSpec(clients: [String]) -> [UInt8] {
        var lines = ["require \"rails_helper\"", "", "RSpec.describe \"Native path configurations\", type: :request do"]
        for client in ["ios", "android"] {
            let name = "\(client)_v1"
            if clients.contains(client) {
                lines += [
                    "  describe \"GET /configurations/\(name)\" do",
                    "    let(:served) { Rails.root.join(\"config/native/\(name).json\").binread }",
                    "",
                    "    it \"serves the \(title(client)) configuration byte for byte without signing in\" do",
                    "      get \"/configurations/\(name).json\"",
                    "",
                    "      expect(response).to have_http_status(:ok)",
                    "      expect(response.media_type).to eq(\"application/json\")",
                    "      expect(response.body.b).to eq(served)",
                    "    end",
                    "",
                    "    it \"is the file bundled in the \(title(client)) client\" do",
                    "      bundled = Rails.root.join(\"\(bundledPath(client))\")",
                    "      skip \"the \(client)/ tree is not in this checkout\" unless bundled.exist?",
                    "",
                    "      expect(served).to eq(bundled.binread)",
                    "    end",
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

    static func previewGuide(client: String, name: String, account: Bool) -> [UInt8] {
        let device = client == "ios" ? "iPhone" : "Android"
        let file = artifactFile(client)
        var lines = [
            "# \(RailsText.markdown(name)) on \(device): preview with Revyl", "",
            "Revyl runs the \(device) build of `\(client)/` on a hosted device against your Rails app. You need",
            "no local \(client == "ios" ? "Xcode" : "JDK or Android SDK"): GitHub Actions builds the \(client == "ios" ? "unsigned Debug Simulator app" : "debuggable APK")",
            "(`.github/workflows/\(client).yml`) whenever the native input digest of `\(client)/` changes, and Rails-only",
            "commits reuse the build of an earlier commit.", "",
            "## 1. Give Rails a public HTTPS address", "",
            "Either start a local quick tunnel:", "",
            "```sh",
            "RAILS_DEVELOPMENT_HOSTS=.trycloudflare.com bin/dev",
            "cloudflared tunnel --url http://localhost:3000   # in a second terminal; note the https URL",
            "```", "",
            "Rails reads `RAILS_DEVELOPMENT_HOSTS` when it starts; the leading dot admits every quick-tunnel host.", "",
            "Or, in a Codespace, run `bin/dev`, make port 3000 public in the Ports panel and use its address.", "",
            "## 2. Fetch the build and start the preview", "",
            "```sh",
            "bin/\(client) doctor                      # gh, revyl and cloudflared, with versions",
            "bin/\(client) preview revyl https://<public-address>",
            "```", "",
            "The helper checks `https://<public-address>/up` (an HTTP 403 means Rails refused the host: restart",
            "it as above), computes the native input digest of `\(client)/` and downloads the matching build",
            "(`\(file)`) from GitHub Actions into `tmp/native/\(client)/`. If the artifact has expired, open the",
            "repository's Actions page, run the \(title(client)) workflow again, and repeat.", "",
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
        if client == "android" {
            lines += ["", "## Optional: Android Studio's Emulator", "",
                      "Open `android/` in Android Studio, run the app on an Emulator with a WebView 120 or newer, and",
                      "pass the Rails address as the `APP_ROOT_URL` string extra of the launch Intent; the Emulator",
                      "reaches your computer's port 3000 at `http://10.0.2.2:3000`. Command-line Gradle builds use JDK 17."]
        }
        return RailsText.file(lines)
    }

    // MARK: bin/ios, bin/android

    static func command(client: String) -> [UInt8] {
        let prefix = artifactPrefix(client)
        return RailsText.file([
            "#!/usr/bin/env ruby",
            "# Preview helper for the \(title(client)) client; \(client == "ios" ? "IOS_PREVIEW.md" : "ANDROID_PREVIEW.md") walks through it.",
            "#",
            "#   bin/\(client) digest              native input digest of \(client)/ (tree digest v1)",
            "#   bin/\(client) preview revyl URL   check the Rails address, then download this digest's build",
            "#   bin/\(client) doctor              report the tools the preview uses",
            "require \"digest\"",
            "require \"fileutils\"",
            "require \"net/http\"",
            "require \"uri\"",
            "",
            "ROOT = File.expand_path(\"..\", __dir__)",
            "TREE = File.join(ROOT, \"\(client)\")",
            "ARTIFACT_PREFIX = \"\(prefix)\"",
            "DOWNLOADS = File.join(ROOT, \"tmp/native/\(client)\")",
            "",
            "# SHA-256 over one \"<mode> <sha256>  <path>\" line per regular file, sorted bytewise, without",
            "# FOUNDATION_PROVENANCE.json: the same digest as the workflow's shell pipeline.",
            "def tree_digest(dir)",
            "  paths = Dir.glob(\"**/*\", File::FNM_DOTMATCH, base: dir).select do |path|",
            "    full = File.join(dir, path)",
            "    File.file?(full) && !File.symlink?(full) && path != \"FOUNDATION_PROVENANCE.json\"",
            "  end",
            "  lines = paths.sort.map do |path|",
            "    full = File.join(dir, path)",
            "    mode = File.executable?(full) ? \"100755\" : \"100644\"",
            "    \"#{mode} #{Digest::SHA256.file(full).hexdigest}  #{path}\\n\"",
            "  end",
            "  Digest::SHA256.hexdigest(lines.join)",
            "end",
            "",
            "def check_rails(address)",
            "  uri = URI.join(address.end_with?(\"/\") ? address : \"#{address}/\", \"up\")",
            "  response = Net::HTTP.get_response(uri)",
            "  return if response.code == \"200\"",
            "",
            "  if response.code == \"403\"",
            "    abort \"#{uri} answered 403: Rails refused this host. Restart it with\\n\" \\",
            "          \"  RAILS_DEVELOPMENT_HOSTS=.trycloudflare.com bin/dev\\n\" \\",
            "          \"(or with your own host in RAILS_DEVELOPMENT_HOSTS).\"",
            "  end",
            "  abort \"#{uri} answered #{response.code}; start Rails with bin/dev and check the address.\"",
            "rescue SystemCallError, SocketError, Net::OpenTimeout => error",
            "  abort \"#{uri} did not answer (#{error.message}); start Rails and the tunnel first.\"",
            "end",
            "",
            "def download_build(digest)",
            "  name = \"#{ARTIFACT_PREFIX}-#{digest}\"",
            "  id = `gh api \"repos/{owner}/{repo}/actions/artifacts?name=#{name}\" --jq \"[.artifacts[] | select(.expired | not)][0].id // empty\"`.strip",
            "  if id.empty?",
            "    abort \"No unexpired build named #{name}. Push your commit (or run the \(title(client)) workflow on the \" \\",
            "          \"Actions page) and try again.\"",
            "  end",
            "  FileUtils.mkdir_p(DOWNLOADS)",
            "  archive = File.join(DOWNLOADS, \"#{name}.zip\")",
            "  system(\"gh\", \"api\", \"repos/{owner}/{repo}/actions/artifacts/#{id}/zip\", out: archive, exception: true)",
            "  system(\"unzip\", \"-o\", \"-q\", archive, \"-d\", DOWNLOADS, exception: true)",
            "  File.join(DOWNLOADS, \"\(artifactFile(client))\")",
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
            "  check_rails(address)",
            "  build = download_build(tree_digest(TREE))",
            "  puts \"Build: #{build}\"",
            "  puts \"Upload it with the Revyl CLI and launch it with APP_ROOT_URL=#{address}.\"",
            "  puts \"Run one Revyl device at a time; sign in to Revyl in the browser before opening the Viewer link.\"",
            "in [\"doctor\"]",
            "  doctor",
            "else",
            "  abort \"usage: bin/\(client) digest | preview revyl <public-https-url> | doctor\"",
            "end",
        ])
    }

    // MARK: .github/workflows

    static func workflow(client: String) -> [UInt8] {
        let prefix = artifactPrefix(client)
        var lines = [
            "# Builds the \(title(client)) client only when no ancestor commit has a build of the same native",
            "# input digest (tree digest v1 of \(client)/), so Rails-only commits reuse an earlier build.",
            "name: \(title(client))",
            "",
            "on:",
            "  push:",
            "  workflow_dispatch:",
            "",
            "permissions:",
            "  contents: read",
            "  actions: read",
            "",
            "jobs:",
            "  digest:",
            "    name: Native input digest",
            "    runs-on: ubuntu-latest",
            "    outputs:",
            "      digest: ${{ steps.digest.outputs.digest }}",
            "      reuse: ${{ steps.reuse.outputs.reuse }}",
            "    steps:",
            "      - uses: actions/checkout@v4",
            "        with:",
            "          fetch-depth: 0",
            "      - id: digest",
            "        name: Tree digest v1 of \(client)/",
            "        shell: bash",
            "        run: |",
            "          set -euo pipefail",
            "          digest=$(cd \(client) && find . -type f ! -path ./FOUNDATION_PROVENANCE.json -printf '%P\\n' | LC_ALL=C sort |",
            "            while IFS= read -r f; do m=100644; [ -x \"$f\" ] && m=100755",
            "              printf '%s %s  %s\\n' \"$m\" \"$(sha256sum < \"$f\" | cut -d' ' -f1)\" \"$f\"; done |",
            "            sha256sum | cut -d' ' -f1)",
            "          echo \"digest=$digest\" >> \"$GITHUB_OUTPUT\"",
            "      - id: reuse",
            "        name: Look for a build of an ancestor commit with this digest",
            "        shell: bash",
            "        env:",
            "          GH_TOKEN: ${{ github.token }}",
            "          NAME: \(prefix)-${{ steps.digest.outputs.digest }}",
            "        run: |",
            "          set -euo pipefail",
            "          reuse=false",
            "          for sha in $(gh api \"repos/$GITHUB_REPOSITORY/actions/artifacts?name=$NAME&per_page=100\" \\",
            "              --jq '.artifacts[] | select(.expired | not) | .workflow_run.head_sha'); do",
            "            if git merge-base --is-ancestor \"$sha\" HEAD 2>/dev/null; then",
            "              echo \"Reusing $NAME, built at $sha\"",
            "              reuse=true",
            "              break",
            "            fi",
            "          done",
            "          echo \"reuse=$reuse\" >> \"$GITHUB_OUTPUT\"",
            "",
            "  build:",
            "    name: \(client == "ios" ? "Unsigned Debug Simulator app" : "Debuggable APK")",
            "    needs: digest",
            "    if: needs.digest.outputs.reuse != 'true'",
        ]
        if client == "ios" {
            lines += [
                "    runs-on: macos-15",
                "    steps:",
                "      - uses: actions/checkout@v4",
                "      - name: Generate the Xcode project",
                "        run: |",
                "          brew install xcodegen",
                "          cd ios && xcodegen generate",
                "      - name: Build for the Simulator without signing",
                "        run: |",
                "          cd ios",
                "          xcodebuild build -project FoundationApp.xcodeproj -scheme FoundationApp -configuration Debug \\",
                "            -sdk iphonesimulator -destination 'generic/platform=iOS Simulator' -derivedDataPath build \\",
                "            CODE_SIGNING_ALLOWED=NO",
                "          cd build/Build/Products/Debug-iphonesimulator",
                "          ditto -c -k --keepParent FoundationApp.app \"$GITHUB_WORKSPACE/FoundationApp.app.zip\"",
                "      - uses: actions/upload-artifact@v4",
                "        with:",
                "          name: \(prefix)-${{ needs.digest.outputs.digest }}",
                "          path: FoundationApp.app.zip",
                "          if-no-files-found: error",
            ]
        } else {
            lines += [
                "    runs-on: ubuntu-latest",
                "    steps:",
                "      - uses: actions/checkout@v4",
                "      - uses: actions/setup-java@v4",
                "        with:",
                "          distribution: temurin",
                "          java-version: \"17\"",
                "      - uses: gradle/actions/setup-gradle@v4",
                "        with:",
                "          gradle-version: \"9.2.0\"",
                "      - name: Build the debug APK",
                "        working-directory: android",
                "        run: gradle --no-daemon assembleDebug",
                "      - uses: actions/upload-artifact@v4",
                "        with:",
                "          name: \(prefix)-${{ needs.digest.outputs.digest }}",
                "          path: android/app/build/outputs/apk/debug/app-debug.apk",
                "          if-no-files-found: error",
            ]
        }
        return RailsText.file(lines)
    }
}
