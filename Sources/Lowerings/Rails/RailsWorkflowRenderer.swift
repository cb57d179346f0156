/// The generated GitHub workflows: `rails.yml` (request specs, always) and, per selected native
/// client, `ios.yml`/`android.yml`, which test and build the client only when no ancestor commit
/// has a build of the same native input digest.
///
/// Every action is pinned by commit, every checkout drops its credentials, permissions are
/// read-only, and no `${{ }}` expression is expanded inside a `run:` script (values reach scripts
/// through `env:`), so the workflows pass zizmor, GitHub's workflow schema and shellcheck.
enum RailsWorkflowRenderer {
    /// An action at one release, referenced by the commit that release tag points to.
    struct PinnedAction: Hashable, Sendable {
        let action: String
        let commit: String
        let version: String

        var uses: String { "\(action)@\(commit) # \(version)" }

        static let checkout = PinnedAction(action: "actions/checkout", commit: "3d3c42e5aac5ba805825da76410c181273ba90b1", version: "v7.0.1")
        static let uploadArtifact = PinnedAction(action: "actions/upload-artifact", commit: "bbbca2ddaa5d8feaa63e36b76fdaad77386f024f",
                                                 version: "v7.0.0")
        static let setupJava = PinnedAction(action: "actions/setup-java", commit: "b6effb05e454b25005698d916606bdc6ffcbf961", version: "v5.7.0")
        static let setupRuby = PinnedAction(action: "ruby/setup-ruby", commit: "0dafeac902942906541bc140009cdbf32665b601", version: "v1.315.0")

        static let all: [PinnedAction] = [checkout, uploadArtifact, setupJava, setupRuby]
    }

    /// A checkout step that leaves no token in `.git/config` (nothing later needs to push).
    static func checkout(indent: String = "      ", fetchAllHistory: Bool = false) -> [String] {
        var lines = [indent + "- uses: \(PinnedAction.checkout.uses)", indent + "  with:"]
        if fetchAllHistory { lines.append(indent + "    fetch-depth: 0") }
        lines.append(indent + "    persist-credentials: false")
        return lines
    }

    /// The shell pipeline of the native input digest: tree digest v1 over the files git lists in
    /// `<client>/` (tracked, plus untracked ones no `.gitignore` excludes), so the `.xcodeproj`
    /// XcodeGen writes and Gradle's build directories never count. `bin/<client> digest` lists the
    /// same files.
    static func digestPipeline(client: Platform) -> [String] {
        [
            "digest=$(cd \(client) && git ls-files -z --cached --others --exclude-standard -- . | LC_ALL=C sort -zu |",
            "  while IFS= read -r -d '' f; do",
            "    if [ \"$f\" = FOUNDATION_PROVENANCE.json ] || [ -L \"$f\" ] || [ ! -f \"$f\" ]; then continue; fi",
            "    m=100644; [ -x \"$f\" ] && m=100755",
            "    printf '%s %s  %s\\n' \"$m\" \"$(sha256sum < \"$f\" | cut -d' ' -f1)\" \"$f\"",
            "  done | sha256sum | cut -d' ' -f1)",
        ]
    }

    // MARK: rails.yml

    /// Every generated workflow's opening: its comment, name, triggers (every push, by hand) and
    /// least-privilege permissions, up to `jobs:`.
    static func header(_ comment: [String], name: String) -> [String] {
        comment + ["name: \(name)", "", "on:", "  push:", "  workflow_dispatch:", "", "permissions:", "  contents: read", "", "jobs:"]
    }

    static func railsWorkflow() -> [UInt8] {
        RailsText.file(header(["# Runs the request specs of the Rails app on every push."], name: "Rails") + [
            "  test:",
            "    name: Request specs",
            "    runs-on: ubuntu-latest",
            "    env:",
            "      RAILS_ENV: test",
            "    steps:",
        ] + checkout() + [
            "      # The Ruby release .ruby-version names.",
            "      - uses: \(PinnedAction.setupRuby.uses)",
            "      - name: Install gems",
            "        run: bundle install",
            "      - name: Prepare the database",
            "        run: bin/rails db:prepare",
            "      - name: Request specs",
            "        run: bundle exec rspec spec/requests",
        ])
    }

    // MARK: ios.yml, android.yml

    /// `push`: the client has push, so an Android build needs the owner's `google-services.json`,
    /// written from the `GOOGLE_SERVICES_JSON` secret when the tree lacks it. The build number is
    /// stamped here, never written into the tree: `git rev-list --count HEAD` (monotonic along a
    /// branch), passed as `CURRENT_PROJECT_VERSION=<n>` to xcodebuild and `-PbuildNumber=<n>` to
    /// Gradle, so a new build number moves no native input digest and never defeats reuse.
    static func nativeWorkflow(client: Platform, push: Bool = false) -> [UInt8] {
        let prefix = RailsNativeRenderer.artifactPrefix(client)
        let title = RailsNativeRenderer.title(client)
        var lines = header([
            "# Tests and builds the \(title) client only when no ancestor commit has a build of the same native",
            "# input digest (tree digest v1 over the files git lists in \(client)/): Rails-only commits reuse an",
            "# earlier build, and skip the native tests with it.",
        ], name: title) + [
            "  digest:",
            "    name: Native input digest",
            "    runs-on: ubuntu-latest",
            "    permissions:",
            "      contents: read",
            "      actions: read",
            "    outputs:",
            "      digest: ${{ steps.digest.outputs.digest }}",
            "      reuse: ${{ steps.reuse.outputs.reuse }}",
            "      build-number: ${{ steps.build-number.outputs.build-number }}",
            "    steps:",
        ]
        lines += checkout(fetchAllHistory: true)
        lines += [
            "      - id: digest",
            "        name: Tree digest v1 of the files git lists in \(client)/",
            "        shell: bash",
            "        run: |",
            "          set -euo pipefail",
        ]
        lines += digestPipeline(client: client).map { "          " + $0 }
        lines += [
            "          echo \"digest=$digest\" >> \"$GITHUB_OUTPUT\"",
            "      - id: build-number",
            "        name: Build number (commits reachable from this one; bin/\(client) release-numbers prints it)",
            "        shell: bash",
            "        run: echo \"build-number=$(git rev-list --count HEAD)\" >> \"$GITHUB_OUTPUT\"",
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
            "    name: \(client == .ios ? "Tests and the unsigned Debug Simulator app" : "Unit tests and the debuggable APK")",
            "    needs: digest",
            "    # A reused build skips the native tests too: they ran on the commit that built it.",
            "    if: needs.digest.outputs.reuse != 'true'",
            "    env:",
            "      BUILD_NUMBER: ${{ needs.digest.outputs.build-number }}",
        ]
        if client == .ios {
            lines += ["    runs-on: macos-15", "    steps:"] + checkout() + [
                "      - name: Generate the Xcode project",
                "        shell: bash",
                "        working-directory: ios",
                "        run: |",
                "          set -euo pipefail",
                "          brew install xcodegen",
                "          xcodegen generate",
                "      - name: Unit and UI tests on an iPhone Simulator",
                "        shell: bash",
                "        working-directory: ios",
                "        run: |",
                "          set -euo pipefail",
                "          simulator=$(xcrun simctl list devices available --json |",
                "            jq -er '[.devices | to_entries[] | select(.key | contains(\"iOS\")) | .value[] | select(.name | startswith(\"iPhone\"))][0].udid')",
                "          xcodebuild test -project FoundationApp.xcodeproj -scheme FoundationApp \\",
                "            -destination \"platform=iOS Simulator,id=$simulator\" -derivedDataPath build CODE_SIGNING_ALLOWED=NO \\",
                "            CURRENT_PROJECT_VERSION=\"$BUILD_NUMBER\"",
                "      - name: Build the Debug Simulator app without signing",
                "        shell: bash",
                "        working-directory: ios",
                "        run: |",
                "          set -euo pipefail",
                "          xcodebuild build -project FoundationApp.xcodeproj -scheme FoundationApp -configuration Debug \\",
                "            -sdk iphonesimulator -destination 'generic/platform=iOS Simulator' -derivedDataPath build \\",
                "            CODE_SIGNING_ALLOWED=NO CURRENT_PROJECT_VERSION=\"$BUILD_NUMBER\"",
                "          ditto -c -k --keepParent build/Build/Products/Debug-iphonesimulator/FoundationApp.app \\",
                "            \"$GITHUB_WORKSPACE/FoundationApp.app.zip\"",
                "      - uses: \(PinnedAction.uploadArtifact.uses)",
                "        with:",
                "          name: \(prefix)-${{ needs.digest.outputs.digest }}",
                "          path: FoundationApp.app.zip",
                "          if-no-files-found: error",
            ]
        } else {
            lines += ["    runs-on: ubuntu-latest", "    steps:"] + checkout() + [
                "      - uses: \(PinnedAction.setupJava.uses)",
                "        with:",
                "          distribution: temurin",
                "          java-version: \"17\"",
            ]
            if push {
                lines += [
                    "      - name: The owner's Firebase configuration (push)",
                    "        shell: bash",
                    "        working-directory: android",
                    "        env:",
                    "          GOOGLE_SERVICES_JSON: ${{ secrets.GOOGLE_SERVICES_JSON }}",
                    "        run: |",
                    "          set -euo pipefail",
                    "          if [ -f app/google-services.json ]; then exit 0; fi",
                    "          if [ -z \"${GOOGLE_SERVICES_JSON:-}\" ]; then",
                    "            echo \"::error title=google-services.json is missing::Push is on for Android: store the Firebase console's google-services.json as the repository secret GOOGLE_SERVICES_JSON (README.md, Push notifications).\"",
                    "            exit 1",
                    "          fi",
                    "          printf '%s' \"$GOOGLE_SERVICES_JSON\" > app/google-services.json",
                ]
            }
            lines += [
                "      - name: Unit tests and the debug APK",
                "        shell: bash",
                "        working-directory: android",
                "        # The project's wrapper downloads the Gradle release its properties name and checks its SHA-256.",
                "        run: ./gradlew --no-daemon -PbuildNumber=\"$BUILD_NUMBER\" testDebugUnitTest assembleDebug",
                "      - uses: \(PinnedAction.uploadArtifact.uses)",
                "        with:",
                "          name: \(prefix)-${{ needs.digest.outputs.digest }}",
                "          path: android/app/build/outputs/apk/debug/app-debug.apk",
                "          if-no-files-found: error",
            ]
        }
        return RailsText.file(lines)
    }
}
