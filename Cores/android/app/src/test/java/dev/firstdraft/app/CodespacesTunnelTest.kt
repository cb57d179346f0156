package dev.firstdraft.app

import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

class CodespacesTunnelTest {
    private val codespace = "https://fluffy-space-rotary-4x7p-3000.app.github.dev"

    @Test
    fun releaseNeverHasATunnelOrigin() {
        assertNull(CodespacesTunnel.origin(codespace, debug = false))
    }

    @Test
    fun debugAcceptsOnlyAnHttpsCodespacesHostRoot() {
        assertEquals(codespace, CodespacesTunnel.origin("$codespace/", debug = true))
        assertNull(CodespacesTunnel.origin(null, debug = true))
        assertNull(CodespacesTunnel.origin("https://abc.trycloudflare.com", debug = true))
        assertNull(CodespacesTunnel.origin("https://app.github.dev", debug = true))
        assertNull(CodespacesTunnel.origin("https://a.b.app.github.dev", debug = true))
        assertNull(CodespacesTunnel.origin("https://evil.app.github.dev.example.com", debug = true))
        assertNull(CodespacesTunnel.origin("http://10.0.2.2:3000", debug = true))
        assertNull(CodespacesTunnel.origin("$codespace/movies", debug = true))
    }

    @Test
    fun onlyLoadsOfThatExactOriginGetTheHeader() {
        val origin = CodespacesTunnel.origin(codespace, debug = true)
        assertEquals(mapOf("X-Tunnel-Skip-AntiPhishing-Page" to "true"), CodespacesTunnel.headersFor("$codespace/movies?page=2", origin))
        assertEquals(mapOf(CodespacesTunnel.HEADER to CodespacesTunnel.VALUE), CodespacesTunnel.headersFor("https://FLUFFY-space-rotary-4x7p-3000.app.github.dev:443/", origin))
        assertTrue(CodespacesTunnel.headersFor("https://other-3000.app.github.dev/movies", origin).isEmpty())
        assertTrue(CodespacesTunnel.headersFor("http://fluffy-space-rotary-4x7p-3000.app.github.dev/", origin).isEmpty())
        assertTrue(CodespacesTunnel.headersFor("$codespace:8443/", origin).isEmpty())
        assertTrue(CodespacesTunnel.headersFor("$codespace/movies", null).isEmpty())
        assertTrue(CodespacesTunnel.headersFor("not a url", origin).isEmpty())
    }
}
