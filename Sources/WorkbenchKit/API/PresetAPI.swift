import ChartEngine
import Foundation

/// Presets: list, read, save (with revisions), rename, delete, export.
extension WorkbenchApp {
    func listPresets() -> HTTPResponse {
        let (entries, problems) = presets.list()
        return .json(.object([
            ("presets", .array(entries.map { entry in
                .object([("name", .string(entry.preset.name)), ("author", .string(entry.preset.author)),
                         ("notes", .string(entry.preset.notes)), ("updatedAt", .string(entry.preset.updatedAt)),
                         ("revision", .string(entry.revision)), ("warnings", .array(entry.preset.warnings.map(JSONValue.string)))])
            })),
            ("problems", .array(problems.map { .object([("file", .string($0.fileName)), ("message", .string($0.message))]) })),
        ]))
    }

    func getPreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let entry = try existingPreset(request)
        return presetResponse(entry)
    }

    /// Body: `{"author", "notes", "parameters"}` (a whole preset file works too). `If-Match`
    /// guards against overwriting someone else's save; `If-None-Match: *` only creates.
    func putPreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        let body = try request.jsonObject()
        var preset: Preset
        do { preset = try Preset(json: .object(body), requireEnvelope: false) } catch { throw HTTPError(error) }
        if !preset.name.isEmpty && preset.name != name {
            throw .badRequest("the name in the body differs from the name in the path; use rename", field: "name")
        }
        preset.name = name
        preset.updatedAt = Preset.now()
        if preset.author.isEmpty { preset.author = request.author.user }
        let entry: PresetStore.Entry, created: Bool
        do {
            (entry, created) = try presets.save(preset, ifMatch: request.header("if-match").map(Self.unquote),
                                                mustBeNew: request.header("if-none-match") == "*")
        } catch PresetStore.SaveError.invalid(let error) {
            throw HTTPError(error)
        } catch PresetStore.SaveError.conflict(let current) {
            let message = if request.header("if-none-match") == "*" { "a preset named \"\(name)\" already exists" }
                else if let current { "someone saved \"\(name)\" in the meantime (revision \(current)); reload it before saving" }
                else { "there is no preset named \"\(name)\" to save over" }
            throw HTTPError(409, "conflict", message, field: request.header("if-none-match") == "*" ? "If-None-Match" : "If-Match")
        } catch {
            throw Self.writeFailed(error)
        }
        drafts.saved(name, seed: DraftStore.Seed(revision: entry.revision, parameters: entry.preset.json["parameters"]?.objectPairs ?? []))
        var response = presetResponse(entry)
        if created { response.status = 201 }
        return response.announcing("preset", [("action", .string("saved")), ("name", .string(name)), ("revision", .string(entry.revision))])
    }

    func renamePreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        guard let rawName = try request.jsonObject().first(where: { $0.0 == "newName" })?.1.stringValue else { throw .badRequest("is required", field: "newName") }
        let newName: String
        do { newName = try Preset.validName(rawName) } catch { throw HTTPError(error) }
        let entry: PresetStore.Entry?
        do {
            entry = try presets.rename(name, to: newName, ifMatch: request.header("if-match").map(Self.unquote))
        } catch PresetStore.SaveError.conflict(let current) {
            throw HTTPError(409, "conflict", current == nil ? "a preset named \"\(newName)\" already exists" : "the preset changed in the meantime",
                            field: current == nil ? "newName" : "If-Match")
        } catch {
            throw Self.writeFailed(error)
        }
        guard let entry else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name") }
        drafts.renamed(name, to: newName, revision: entry.revision)
        // The preset is renamed whatever happens to its threads: a failure leaves them findable under the old name.
        try? comments.rename(name, to: newName)
        return presetResponse(entry).announcing("preset", [("action", .string("renamed")), ("name", .string(newName)), ("oldName", .string(name))])
    }

    func deletePreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        let deleted: Bool
        do {
            deleted = try presets.delete(name, ifMatch: request.header("if-match").map(Self.unquote))
        } catch PresetStore.SaveError.conflict {
            throw HTTPError(409, "conflict", "someone saved \"\(name)\" in the meantime; reload before deleting", field: "If-Match")
        } catch {
            throw Self.writeFailed(error)
        }
        guard deleted else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name") }
        drafts.deleted(name)
        return .json(.object([("deleted", .string(name))])).announcing("preset", [("action", .string("deleted")), ("name", .string(name))])
    }

    func exportPreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let entry = try existingPreset(request)
        let formatName = request.query["format"] ?? "json"
        if let platform = HandoffBundle.Platform(rawValue: formatName) { return try bundleResponse(entry.preset, platform) }
        guard let format = ExportFormat(rawValue: formatName) else {
            let names = ExportFormat.allCases.map(\.rawValue) + HandoffBundle.Platform.allCases.map(\.rawValue)
            throw .badRequest("must be one of \(names.joined(separator: ", "))", field: "format")
        }
        let text = format.export(entry.preset, data: data.snapshot.data)
        let fileName = format.fileName(for: entry.preset.name)
        return HTTPResponse(contentType: format.contentType, text: text)
            .adding("Content-Disposition", "attachment; filename=\"\(fileName)\"; filename*=UTF-8''\(PercentDecoding.encode(fileName))")
    }

    /// `POST /api/export`: what is on screen, saved or not — the parameters of a render request
    /// (over `preset` when given), the view (`width`, `height`, `period`, `background`), a
    /// `name` (and `author`, `notes`) and the `format`.
    func exportCurrent(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        var values = try request.jsonValues()
        let formatName = try values.removeValue(forKey: "format")?.text(field: "format") ?? "json"
        let rawName = try values.removeValue(forKey: "name")?.text(field: "name") ?? "Untitled"
        let author = try values.removeValue(forKey: "author")?.text(field: "author") ?? ""
        let notes = try values.removeValue(forKey: "notes")?.text(field: "notes") ?? ""
        let backgroundName = try values.removeValue(forKey: "background")?.text(field: "background") ?? "light"
        // The saved preset's time when the page exports it as saved; otherwise now.
        let updatedAt = try values.removeValue(forKey: "updatedAt")?.text(field: "updatedAt") ?? Preset.now()
        guard updatedAt.utf8.count <= Preset.Limits.updatedAtBytes, ISO8601DateFormatter().date(from: updatedAt) != nil else {
            throw .badRequest("must be a time such as 2026-11-22T09:46:15Z", field: "updatedAt")
        }
        guard let background = SVGExport.Background(rawValue: backgroundName) else { throw .badRequest("must be light or dark", field: "background") }
        let name: String
        do { name = try Preset.validName(rawName) } catch { throw HTTPError(error) }
        guard author.utf8.count <= Preset.Limits.authorBytes else { throw .badRequest("is too long", field: "author") }
        guard notes.utf8.count <= Preset.Limits.notesBytes else { throw .badRequest("is too long", field: "notes") }
        let view = try RenderRequest(values, base: try baseStyle(values))
        let preset = Preset(name: name, author: author, notes: notes, updatedAt: updatedAt, style: view.style)
        if let platform = HandoffBundle.Platform(rawValue: formatName) { return try bundleResponse(preset, platform) }
        guard let format = ExportFormat(rawValue: formatName) else {
            let names = ExportFormat.allCases.map(\.rawValue) + HandoffBundle.Platform.allCases.map(\.rawValue)
            throw .badRequest("must be one of \(names.joined(separator: ", "))", field: "format")
        }
        let text = format == .svg
            ? SVGExport.animated(preset, data: data.snapshot.data, width: view.width, height: view.height, period: view.period, background: background)
            : format.export(preset, data: data.snapshot.data)
        let fileName = format.fileName(for: name)
        return HTTPResponse(contentType: format.contentType, text: text)
            .adding("Content-Disposition", "attachment; filename=\"\(fileName)\"; filename*=UTF-8''\(PercentDecoding.encode(fileName))")
    }

    /// An ios/android handoff bundle as a .zip download.
    func bundleResponse(_ preset: Preset, _ platform: HandoffBundle.Platform) throws(HTTPError) -> HTTPResponse {
        let bytes: [UInt8]
        let bundle: HandoffBundle
        do {
            bundle = HandoffBundle(preset: preset, platform: platform, root: try HandoffBundle.findRoot())
            bytes = try bundle.zip()
        } catch {
            throw HTTPError(500, "bundle_failed", "cannot build the \(platform.rawValue) bundle: \(error)")
        }
        let fileName = bundle.folderName + ".zip"
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/zip")], body: .bytes(bytes))
            .adding("Content-Disposition", "attachment; filename=\"\(fileName)\"; filename*=UTF-8''\(PercentDecoding.encode(fileName))")
    }

    // MARK: Helpers

    private func presetName(_ request: RequestContext) throws(HTTPError) -> String {
        do { return try Preset.validName(request.pathParameters["name"] ?? "") } catch { throw HTTPError(error) }
    }

    private func existingPreset(_ request: RequestContext) throws(HTTPError) -> PresetStore.Entry {
        let name = try presetName(request)
        guard let entry = presets.get(name) else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name") }
        return entry
    }

    private func presetResponse(_ entry: PresetStore.Entry) -> HTTPResponse {
        var json = entry.preset.json
        if case .object(var pairs) = json {
            pairs.append(("revision", .string(entry.revision)))
            pairs.append(("warnings", .array(entry.preset.warnings.map(JSONValue.string))))
            json = .object(pairs)
        }
        return HTTPResponse.json(json).adding("ETag", "\"\(entry.revision)\"")
    }

    /// A failed write, told without the server's folders: only the last component of a path.
    static func writeFailed(_ error: any Error) -> HTTPError {
        let words = "\(error)".split(separator: " ", omittingEmptySubsequences: false).map { word -> Substring in
            guard word.contains("/") else { return word }
            return word.split(separator: "/").last ?? word
        }
        return HTTPError(500, "write_failed", "the preset could not be saved: " + words.joined(separator: " "))
    }

    static func unquote(_ text: String) -> String {
        var t = Substring(text)
        if t.hasPrefix("W/") { t = t.dropFirst(2) }
        if t.hasPrefix("\"") && t.hasSuffix("\"") && t.count >= 2 { t = t.dropFirst().dropLast() }
        return String(t)
    }
}

extension HTTPError {
    /// A refused preset, name or value is the client's to fix.
    init(_ error: PresetError) { self.init(400, "bad_request", error.message, field: error.field) }
}
